"""The admin app with Atout's site as its default (``config.admin.AtoutAdminSite``): every
``@admin.register`` and ``admin.site`` then use it."""

from django.contrib.admin.apps import AdminConfig


class AtoutAdminConfig(AdminConfig):
    default_site = "config.admin.AtoutAdminSite"
