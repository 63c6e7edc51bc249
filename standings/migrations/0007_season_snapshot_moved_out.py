"""SeasonSnapshot leaves the standings app for the seasons app (``seasons.0001``); its table
``standings_seasonsnapshot`` and its rows stay where they are (state only)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('seasons', '0001_models_moved_in'),
        ('standings', '0006_rows_as_text'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='SeasonSnapshot'),
            ],
        ),
    ]
