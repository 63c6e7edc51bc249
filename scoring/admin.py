"""Django admin for score sheets and deal records: read-mostly.

Scores are written only by ``scoring.services`` (which locks the sheet and re-scores with the
engine); the admin shows them and lets a superuser look, never edit computed fields.
"""

from django.contrib import admin

from scoring.models import DealCorrection, DealRecord, ScoreSheet, TotalsResult


class DealInline(admin.TabularInline):
    model = DealRecord
    extra = 0
    can_delete = False
    fields = (
        "number",
        "kind",
        "taker",
        "trump",
        "bid",
        "contre",
        "taker_points",
        "belote_team",
        "capot_team",
        "score_a",
        "score_b",
        "running_a",
        "running_b",
        "entered_at",
    )
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    list_display = ["table", "status", "kind", "deal_count", "total_a", "total_b", "version"]
    list_filter = ["status", "kind"]
    search_fields = ["table__round__contest__name"]
    list_select_related = ["table__round__contest"]
    readonly_fields = [
        "table",
        "token",
        "short_code",
        "status",
        "kind",
        "total_a",
        "total_b",
        "reserve",
        "deal_count",
        "winner",
        "forfeit_loser",
        "version",
        "started_at",
        "finished_at",
        "confirmed_at",
        "confirmed_by",
        "confirmed_by_team",
        "disputed_at",
        "dispute_note",
        "check_note",
        "updated_at",
    ]
    inlines = [DealInline]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False


@admin.register(DealRecord)
class DealRecordAdmin(admin.ModelAdmin):
    list_display = ["sheet", "number", "kind", "taker", "score_a", "score_b", "entered_at"]
    list_select_related = ["sheet__table__round__contest"]
    readonly_fields = [f.name for f in DealRecord._meta.fields]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False


@admin.register(DealCorrection)
class DealCorrectionAdmin(admin.ModelAdmin):
    list_display = ["sheet", "deal_number", "action", "by", "at"]
    list_filter = ["action"]
    list_select_related = ["sheet__table__round__contest", "by"]
    readonly_fields = [f.name for f in DealCorrection._meta.fields]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False


@admin.register(TotalsResult)
class TotalsResultAdmin(admin.ModelAdmin):
    list_display = ["sheet", "total_a", "total_b", "deals_played", "check_ok", "entered_at"]
    readonly_fields = [f.name for f in TotalsResult._meta.fields]
