"""Django admin for clubs, players, contests, entries, rounds and tables."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from tournaments.models import (
    AuditEvent,
    Club,
    Contest,
    Entry,
    Membership,
    Player,
    Round,
    RoundEdit,
    Table,
)
from tournaments.services import RULE_FIELDS


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "city"]
    search_fields = ["name", "city"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["role", "club"]
    autocomplete_fields = ["user", "club"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "licence", "club"]
    list_filter = ["club"]
    search_fields = ["last_name", "first_name", "licence", "name_key"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ["player1", "player2"]


@admin.register(Contest)
class ContestAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "status", "preset", "rounds_count"]
    list_filter = ["status", "club"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [EntryInline]
    readonly_fields = ["rules_frozen_at"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        """Once round 1 is published the rules and format are frozen, here as everywhere."""
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and obj.rules_frozen:
            fields += [f for f in RULE_FIELDS if f not in fields]
        return fields

    def get_prepopulated_fields(self, request: HttpRequest, obj: Any = None) -> dict[str, Any]:
        return (
            {}
            if obj is not None and obj.rules_frozen
            else super().get_prepopulated_fields(request, obj)
        )


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["number", "__str__", "contest", "paid", "checked_in", "joined_at_round"]
    list_filter = ["contest", "paid", "checked_in"]
    search_fields = ["name", "player1__last_name", "player2__last_name"]
    autocomplete_fields = ["player1", "player2"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    autocomplete_fields = ["entry_a", "entry_b"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["contest", "number", "status", "seed", "published_at"]
    list_filter = ["status", "contest"]
    inlines = [TableInline]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "entry_a", "entry_b"]
    list_filter = ["round__contest"]
    autocomplete_fields = ["entry_a", "entry_b"]


@admin.register(RoundEdit)
class RoundEditAdmin(admin.ModelAdmin):
    """Hand edits of draft draws, kept for undo: read-only history."""

    list_display = ["round", "sequence", "kind", "description", "created_by", "created_at"]
    list_filter = ["kind", "round__contest"]
    readonly_fields = [f.name for f in RoundEdit._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    """Read-only: the log is evidence, nobody edits or deletes it."""

    list_display = ["created_at", "contest", "action", "target_repr", "actor", "actor_label"]
    list_filter = ["action", "contest"]
    search_fields = ["target_repr", "action"]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False
