"""Season, SeasonClub (from tournaments) and SeasonSnapshot (from standings) move into the seasons
app, keeping their tables and rows: state only, the tables keep their names (``db_table``).

``tournaments.0017`` and ``standings.0007`` then take the models out of their apps' states (the
contest's ``season`` field pointing here first). The content types follow the models, so their
permissions and the admin's log stay attached to them.
"""

import django.db.models.deletion
from django.db import migrations, models

# (old app label, model) for each model that moves here.
MOVED = (("tournaments", "season"), ("tournaments", "seasonclub"), ("standings", "seasonsnapshot"))


def _content_types_forward(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    for old_label, model in MOVED:
        if content_type.objects.filter(app_label="seasons", model=model).exists():
            continue
        content_type.objects.filter(app_label=old_label, model=model).update(app_label="seasons")


def _content_types_backward(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    for old_label, model in MOVED:
        if content_type.objects.filter(app_label=old_label, model=model).exists():
            continue
        content_type.objects.filter(app_label="seasons", model=model).update(app_label=old_label)


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('tournaments', '0016_replacements_individual_tiebreaks'),
        ('standings', '0006_rows_as_text'),
    ]

    operations = [
        # The tables exist already (created by tournaments' and standings' migrations).
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Season',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=120, verbose_name='nom')),
                        ('starts_on', models.DateField(blank=True, null=True, verbose_name='début')),
                        ('ends_on', models.DateField(blank=True, null=True, verbose_name='fin')),
                        ('rules', models.JSONField(blank=True, default=dict, verbose_name='règles du classement de la saison')),
                        ('planned_contests', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='nombre de journées prévues')),
                        ('club_best', models.PositiveSmallIntegerField(default=0, verbose_name='meilleurs joueurs par club')),
                        ('is_public', models.BooleanField(default=True, verbose_name='classement visible du public')),
                        ('qualify_first_of_each', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='qualifiés par concours')),
                        ('qualify_first_of_season', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='qualifiés au classement de la saison')),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seasons', to='tournaments.club')),
                        ('final_contest', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='final_of_seasons', to='tournaments.contest', verbose_name='finale')),
                    ],
                    options={
                        'verbose_name': 'saison',
                        'verbose_name_plural': 'saisons',
                        'db_table': 'tournaments_season',
                        'ordering': ['-starts_on', 'name'],
                        'constraints': [
                            models.UniqueConstraint(fields=('club', 'name'), name='season_unique_name_in_club'),
                            models.CheckConstraint(condition=models.Q(('starts_on__isnull', True), ('ends_on__isnull', True), ('ends_on__gte', models.F('starts_on')), _connector='OR'), name='season_ends_after_start'),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name='SeasonClub',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('added_at', models.DateTimeField(auto_now_add=True, verbose_name='ajouté le')),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='season_memberships', to='tournaments.club')),
                        ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='seasons.season')),
                    ],
                    options={
                        'verbose_name': 'club du circuit',
                        'verbose_name_plural': 'clubs du circuit',
                        'db_table': 'tournaments_seasonclub',
                        'constraints': [models.UniqueConstraint(fields=('season', 'club'), name='seasonclub_once')],
                    },
                ),
                migrations.AddField(
                    model_name='season',
                    name='participants',
                    field=models.ManyToManyField(blank=True, related_name='circuits', through='seasons.SeasonClub', to='tournaments.club', verbose_name='clubs du circuit'),
                ),
                migrations.CreateModel(
                    name='SeasonSnapshot',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('credit', models.CharField(default='player', max_length=8, verbose_name='crédit')),
                        ('value_divisor', models.PositiveIntegerField(default=1, verbose_name='diviseur')),
                        ('rows', models.JSONField(default=list, verbose_name='lignes')),
                        ('clubs', models.JSONField(default=list, verbose_name='classement des clubs')),
                        ('contests', models.JSONField(default=list, verbose_name='concours')),
                        ('report', models.JSONField(default=list, verbose_name='rapport')),
                        ('error', models.CharField(blank=True, max_length=60, verbose_name='erreur')),
                        ('fingerprint', models.CharField(max_length=64, verbose_name='empreinte')),
                        ('computed_at', models.DateTimeField(verbose_name='calculé le')),
                        ('season', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='snapshot', to='seasons.season', verbose_name='saison')),
                    ],
                    options={
                        'verbose_name': 'classement de saison',
                        'verbose_name_plural': 'classements de saison',
                        'db_table': 'standings_seasonsnapshot',
                    },
                ),
            ],
        ),
        migrations.RunPython(_content_types_forward, _content_types_backward),
    ]
