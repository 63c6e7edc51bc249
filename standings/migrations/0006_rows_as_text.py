"""The snapshot's two row columns as text (``standings.fields.RowsField``): nothing queries
inside them, and parsing them into ``jsonb`` was most of the cost of every rebuild's upsert.

A database migrated from scratch already has text columns (0005's ``AlterField`` creates them
from the field as it is now); this converts, on PostgreSQL, a database that ran 0005 when the
field was still a ``jsonb`` one, and keeps lz4 compression where the server has it. SQLite stores
both the same way. Going back leaves text, which the field reads as well."""

from django.db import DatabaseError, migrations, transaction

_COLUMNS = ("rows", "individual_rows")


def _to_text(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = "
            "current_schema() AND table_name = 'scoring_standingssnapshot' AND data_type = 'jsonb'"
        )
        columns = [name for (name,) in cursor.fetchall() if name in _COLUMNS]
    quote = schema_editor.quote_name
    table = quote("scoring_standingssnapshot")
    for column in columns:
        schema_editor.execute(
            f"ALTER TABLE {table} ALTER COLUMN {quote(column)} TYPE text USING {quote(column)}::text"
        )
        try:
            with transaction.atomic(using=connection.alias):
                schema_editor.execute(
                    f"ALTER TABLE {table} ALTER COLUMN {quote(column)} SET COMPRESSION lz4"
                )
        except DatabaseError:  # PostgreSQL 13, or a server built without lz4: pglz stays
            pass


class Migration(migrations.Migration):
    dependencies = [
        ("standings", "0005_rows_packed"),
    ]

    operations = [
        migrations.RunPython(_to_text, migrations.RunPython.noop),
    ]
