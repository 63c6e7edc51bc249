"""Season and SeasonClub leave the tournaments app for the seasons app (``seasons.0001``); their
tables ``tournaments_season`` and ``tournaments_seasonclub`` and their rows stay (state only).

The contest's ``season`` now points at ``seasons.Season``: the same table, the same column
(``season_id``) and the same database constraint, so nothing is written to the database."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('seasons', '0001_models_moved_in'),
        ('standings', '0007_season_snapshot_moved_out'),
        ('tournaments', '0016_replacements_individual_tiebreaks'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='contest',
                    name='season',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='contests', to='seasons.season'),
                ),
                migrations.RemoveField(model_name='season', name='participants'),
                migrations.DeleteModel(name='SeasonClub'),
                migrations.DeleteModel(name='Season'),
            ],
        ),
    ]
