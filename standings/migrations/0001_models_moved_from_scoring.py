"""StandingsState and StandingsSnapshot move from the scoring app, keeping their tables."""

import django.db.models.deletion
from django.db import migrations, models


def _move_content_types(app_label: str, models: tuple[str, ...]):
    """Keep the moved models' content types (and so their permissions and admin log)."""

    def forward(apps, schema_editor):
        content_type = apps.get_model("contenttypes", "ContentType")
        for model in models:
            if content_type.objects.filter(app_label=app_label, model=model).exists():
                continue
            content_type.objects.filter(app_label="scoring", model=model).update(
                app_label=app_label
            )

    def backward(apps, schema_editor):
        content_type = apps.get_model("contenttypes", "ContentType")
        content_type.objects.filter(app_label=app_label, model__in=models).update(
            app_label="scoring"
        )

    return migrations.RunPython(forward, backward)


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('scoring', '0004_fewer_write_indexes'),
        ('tournaments', '0005_fewer_write_indexes'),
    ]

    operations = [
        # The tables exist already (created by scoring's migrations): state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.CreateModel(
                name='StandingsState',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('results_version', models.PositiveBigIntegerField(default=0, verbose_name='version des résultats')),
                    ('results_changed_at', models.DateTimeField(blank=True, null=True, verbose_name='résultats modifiés le')),
                    ('contest', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='standings_state', to='tournaments.contest', verbose_name='concours')),
                ],
                options={
                    'verbose_name': 'état du classement',
                    'verbose_name_plural': 'états des classements',
                    'db_table': 'scoring_standingsstate',
                },
            ),
            migrations.CreateModel(
                name='StandingsSnapshot',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('as_of_round', models.PositiveSmallIntegerField(verbose_name='après la manche')),
                    ('is_valid', models.BooleanField(default=True, verbose_name='calculé')),
                    ('public_round', models.PositiveSmallIntegerField(default=0, verbose_name='manche publique au calcul')),
                    ('rows', models.JSONField(default=list, verbose_name='lignes')),
                    ('config', models.JSONField(default=dict, verbose_name='règles de classement')),
                    ('teams_count', models.PositiveIntegerField(default=0, verbose_name='équipes')),
                    ('results_count', models.PositiveIntegerField(default=0, verbose_name='résultats')),
                    ('source_version', models.PositiveBigIntegerField(default=0, verbose_name='version des résultats')),
                    ('fingerprint', models.CharField(max_length=64, verbose_name='empreinte')),
                    ('computed_at', models.DateTimeField(verbose_name='calculé le')),
                    ('contest', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='standings_snapshots', to='tournaments.contest', verbose_name='concours')),
                ],
                options={
                    'verbose_name': 'classement calculé',
                    'verbose_name_plural': 'classements calculés',
                    'db_table': 'scoring_standingssnapshot',
                    'ordering': ['contest', '-as_of_round'],
                    'constraints': [models.UniqueConstraint(fields=('contest', 'as_of_round'), name='standings_snapshot_one_per_round'), models.CheckConstraint(condition=models.Q(('is_valid', True), ('teams_count', 0), _connector='OR'), name='standings_placeholder_empty')],
                },
            ),
            ],
        ),
        _move_content_types('standings', ('standingsstate', 'standingssnapshot')),
    ]
