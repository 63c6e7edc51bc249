"""Every score sheet gets a short code (``/t/K7QF-M2XA``) that a player can type when the
phone's camera cannot read the QR code: added empty, drawn for the existing sheets, then made
unique with its default (``scoring.models.new_short_code``)."""

import secrets

from django.db import migrations, models

import scoring.models

# Crockford's base 32 as in scoring.models (copied: a migration must not change with the code).
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def draw_codes(apps, schema_editor):
    ScoreSheet = apps.get_model("scoring", "ScoreSheet")
    taken: set[str] = set()
    sheets = list(ScoreSheet.objects.filter(short_code__isnull=True).only("pk"))
    for sheet in sheets:
        code = ""
        while not code or code in taken:
            code = "".join(secrets.choice(ALPHABET) for _ in range(8))
        taken.add(code)
        sheet.short_code = code
    ScoreSheet.objects.bulk_update(sheets, ["short_code"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0006_sheet_entry_device"),
    ]

    operations = [
        migrations.AddField(
            model_name="scoresheet",
            name="short_code",
            field=models.CharField(max_length=8, null=True, verbose_name="code court"),
        ),
        migrations.RunPython(draw_codes, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="scoresheet",
            name="short_code",
            field=models.CharField(
                default=scoring.models.new_short_code,
                max_length=8,
                unique=True,
                verbose_name="code court",
            ),
        ),
    ]
