"""The standings and publishing models leave the scoring app; their tables stay (state only)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('standings', '0001_models_moved_from_scoring'),
        ('publishing', '0001_models_moved_from_scoring'),
        ('scoring', '0004_fewer_write_indexes'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.RemoveField(
                model_name='prize',
                name='contest',
            ),
            migrations.RemoveField(
                model_name='standingssnapshot',
                name='contest',
            ),
            migrations.RemoveField(
                model_name='standingsstate',
                name='contest',
            ),
            migrations.DeleteModel(
                name='ExportJob',
            ),
            migrations.DeleteModel(
                name='Prize',
            ),
            migrations.DeleteModel(
                name='StandingsSnapshot',
            ),
            migrations.DeleteModel(
                name='StandingsState',
            ),
            ],
        ),
    ]
