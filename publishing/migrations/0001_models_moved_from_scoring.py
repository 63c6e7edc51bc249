"""Prize and ExportJob move from the scoring app, keeping their tables."""

import django.db.models.deletion
from django.conf import settings
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
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The tables exist already (created by scoring's migrations): state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.CreateModel(
                name='ExportJob',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('kind', models.CharField(choices=[('entries', 'équipes inscrites'), ('results', 'résultats des tables'), ('deals', 'donnes'), ('standings', 'classement')], max_length=16, verbose_name='contenu')),
                    ('format', models.CharField(choices=[('csv', 'CSV'), ('xlsx', 'Excel (XLSX)'), ('ods', 'OpenDocument (ODS)')], max_length=8, verbose_name='format')),
                    ('status', models.CharField(choices=[('pending', 'en attente'), ('running', 'en cours'), ('done', 'prêt'), ('failed', 'échec')], default='pending', max_length=16, verbose_name='état')),
                    ('progress', models.PositiveSmallIntegerField(default=0, verbose_name='avancement (%)')),
                    ('rows_total', models.PositiveIntegerField(default=0, verbose_name='lignes à écrire')),
                    ('rows_done', models.PositiveIntegerField(default=0, verbose_name='lignes écrites')),
                    ('file', models.FileField(blank=True, upload_to='exports/%Y/%m/', verbose_name='fichier')),
                    ('filename', models.CharField(blank=True, default='', max_length=200, verbose_name='nom du fichier')),
                    ('error', models.CharField(blank=True, default='', max_length=300, verbose_name='erreur')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='demandé le')),
                    ('started_at', models.DateTimeField(blank=True, null=True, verbose_name='commencé le')),
                    ('finished_at', models.DateTimeField(blank=True, null=True, verbose_name='terminé le')),
                    ('contest', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='export_jobs', to='tournaments.contest', verbose_name='concours')),
                    ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='demandé par')),
                ],
                options={
                    'verbose_name': 'export',
                    'verbose_name_plural': 'exports',
                    'db_table': 'scoring_exportjob',
                    'ordering': ['-created_at', '-pk'],
                    'constraints': [models.CheckConstraint(condition=models.Q(('kind__in', ['entries', 'results', 'deals', 'standings'])), name='export_kind_valid'), models.CheckConstraint(condition=models.Q(('format__in', ['csv', 'xlsx', 'ods'])), name='export_format_valid'), models.CheckConstraint(condition=models.Q(('status__in', ['pending', 'running', 'done', 'failed'])), name='export_status_valid'), models.CheckConstraint(condition=models.Q(('progress__lte', 100)), name='export_progress_range')],
                },
            ),
            migrations.CreateModel(
                name='Prize',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('rank_from', models.PositiveIntegerField(verbose_name='du rang')),
                    ('rank_to', models.PositiveIntegerField(verbose_name='au rang')),
                    ('label', models.CharField(max_length=200, verbose_name='lot')),
                    ('contest', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='prizes', to='tournaments.contest', verbose_name='concours')),
                ],
                options={
                    'verbose_name': 'lot',
                    'verbose_name_plural': 'lots',
                    'db_table': 'scoring_prize',
                    'ordering': ['contest', 'rank_from'],
                    'constraints': [models.UniqueConstraint(fields=('contest', 'rank_from'), name='prize_unique_rank'), models.CheckConstraint(condition=models.Q(('rank_from__gte', 1)), name='prize_rank_positive'), models.CheckConstraint(condition=models.Q(('rank_to__gte', models.F('rank_from'))), name='prize_range_ordered')],
                },
            ),
            ],
        ),
        _move_content_types('publishing', ('prize', 'exportjob')),
    ]
