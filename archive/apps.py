"""The archive's app: contest archives (export/import) and whole-database backup and restore."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArchiveConfig(AppConfig):
    name = "archive"
    verbose_name = _("Archives et sauvegardes")
