"""Organiser pages of the player register beyond the list: adding a player of another club by
licence, merging a duplicate into another player (with a confirmation page).

Objects come from ``tournaments.access`` (a player whose home club is not this club answers
404); writes go through ``tournaments.services``; forms never save.
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import access, services
from tournaments.contests.forms import PlayerMergeForm, RegistryAddForm
from tournaments.models import Entry, Player
from tournaments.responses import refused, service_refusal


@access.organiser_view("POST")
def player_registry_add(request: HttpRequest, club_slug: str) -> HttpResponse:
    """Add the instance's player with exactly this licence to the club's register."""
    club = access.club_for(request.user, club_slug)
    back = reverse("tournaments:players", kwargs={"club_slug": club.slug})
    form = RegistryAddForm(access.posted(request))
    if not form.is_valid():
        return refused(request, _("Indiquez le numéro de licence du joueur."), back, 400)
    try:
        player = services.add_to_registry(club, form.cleaned_data["licence"])
    except services.ServiceError as exc:
        return service_refusal(request, exc, back)
    messages.success(
        request,
        _("%(name)s (%(home)s) ajouté(e) au registre du club.")
        % {"name": player.full_name, "home": player.club.name},
    )
    return redirect(back)


def _labelled(player: Player) -> str:
    """The name and licence: two homonyms of a merge are told apart."""
    return f"{player.full_name} ({player.licence or _('sans licence')})"


def _entries_of(player: Player) -> int:
    return Entry.objects.filter(Q(player1=player) | Q(player2=player)).count()


@access.organiser_view("GET", "POST")
def player_merge(request: HttpRequest, club_slug: str, player_id: int) -> HttpResponse:
    """Choose the player a duplicate is merged into, confirm, merge."""
    duplicate = access.player_for(request.user, club_slug, player_id)
    club = duplicate.club
    form = PlayerMergeForm(access.posted(request), club=club, duplicate=duplicate)
    context = {"club": club, "player": duplicate, "form": form, "teams": _entries_of(duplicate)}
    if request.method == "GET":
        return render(request, "tournaments/player_merge.html", context)
    if not form.is_valid():
        return render(request, "tournaments/player_merge.html", context, status=400)
    keep = form.cleaned_data["into"]
    if request.POST.get("confirm") != "1":
        context |= {"keep": keep, "keep_teams": _entries_of(keep)}
        return render(request, "tournaments/player_merge.html", context)
    back = reverse(
        "tournaments:player_merge", kwargs={"club_slug": club.slug, "player_id": player_id}
    )
    try:
        services.merge_players(club, duplicate, keep)
    except services.ServiceError as exc:
        return service_refusal(request, exc, back)
    messages.success(
        request,
        _("%(duplicate)s fusionné(e) dans %(keep)s : ses équipes et son historique suivent.")
        % {"duplicate": _labelled(duplicate), "keep": _labelled(keep)},
    )
    return redirect("tournaments:players", club_slug=club.slug)
