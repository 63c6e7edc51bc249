"""The snapshot's rows packed as columns and values (``standings.fields.RowsField``, no data
change, older rows read as they are), and on PostgreSQL 14 and newer the two row columns
compressed with lz4 rather than pglz: both cut what every rebuild costs the database
(``docs/benchmarks.md``, the rebuild). A server built without lz4 keeps pglz. The field was a
``jsonb`` one when this ran first; it is a text one since (0006 converts such databases)."""

from django.db import DatabaseError, migrations, transaction

import standings.storage.fields

_COLUMNS = ("rows", "individual_rows")


def _set_compression(method: str):
    def run(apps, schema_editor):
        connection = schema_editor.connection
        if connection.vendor != "postgresql":
            return
        table = schema_editor.quote_name("scoring_standingssnapshot")
        sql = ", ".join(
            f"ALTER COLUMN {schema_editor.quote_name(c)} SET COMPRESSION {method}" for c in _COLUMNS
        )
        try:
            with transaction.atomic(using=connection.alias):
                schema_editor.execute(f"ALTER TABLE {table} {sql}")
        except DatabaseError:  # PostgreSQL 13, or a server built without lz4: pglz stays
            pass

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("standings", "0004_individual_standings"),
    ]

    operations = [
        migrations.AlterField(
            model_name="standingssnapshot",
            name="individual_rows",
            field=standings.storage.fields.RowsField(
                blank=True, default=list, verbose_name="classement individuel"
            ),
        ),
        migrations.AlterField(
            model_name="standingssnapshot",
            name="rows",
            field=standings.storage.fields.RowsField(default=list, verbose_name="lignes"),
        ),
        migrations.RunPython(_set_compression("lz4"), _set_compression("default")),
    ]
