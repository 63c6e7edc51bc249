"""The seasons in Django's admin (staff only): a list to look them up, nothing the pages lack."""

from django.contrib import admin

from seasons.models import Season


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "starts_on", "ends_on"]
    list_filter = ["club"]
