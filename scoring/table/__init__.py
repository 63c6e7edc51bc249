"""The table's phone: its score sheet pages, their URLs (secret links, short links ``/t/…``) and the links as printed."""
