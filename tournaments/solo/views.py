"""Organiser pages of players who come alone: registration, check-in, withdrawal, and, in a
mixed contest, the teams formed from them (by hand, by a draw, with a volunteer partner).

Objects come from ``tournaments.access`` (the contest) and are looked up inside it; writes go
through ``tournaments.services``. A refused action answers 400 (bad input), 404 (gone) or 409
(not possible now) with a French message.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments import access, services
from tournaments.entries.forms import PlayerRef
from tournaments.models import Club, Contest, Entry, Player, SoloEntry
from tournaments.responses import refused, service_refusal
from tournaments.solo.forms import DrawPairsForm, PairSolosForm, SoloForm, VolunteerForm

SOLO_ACTIONS = {
    "payer": ("paid", True, gettext_lazy("marqué payé")),
    "impayer": ("paid", False, gettext_lazy("marqué à payer")),
    "pointer": ("checked_in", True, gettext_lazy("pointé présent")),
    "depointer": ("checked_in", False, gettext_lazy("marqué absent")),
    "benevole": ("is_volunteer", True, gettext_lazy("désigné bénévole")),
    "joueur": ("is_volunteer", False, gettext_lazy("n'est plus bénévole")),
}


def _player(club: Club, ref: PlayerRef) -> Player:
    if ref.player is not None:
        return ref.player
    if ref.new:
        return services.save_player(
            club, first_name=ref.first_name, last_name=ref.last_name, licence=ref.licence
        )
    player, _created = services.get_or_create_player(club, ref.first_name, ref.last_name)
    return player


def _solos_url(contest: Contest) -> str:
    return reverse(
        "tournaments:solos", kwargs={"club_slug": contest.club.slug, "contest_id": contest.pk}
    )


def _page(
    request: HttpRequest, contest: Contest, *, status: int = 200, **forms: Any
) -> HttpResponse:
    solos = list(contest.solo_entries.select_related("player", "entry").order_by("number"))
    teams = list(
        Entry.objects.filter(contest=contest, solo_players__isnull=False, formed_for_round=None)
        .select_related("player1", "player2")
        .distinct()
        .order_by("number")
    )
    mixed_mode = contest.entry_mode == Contest.EntryMode.MIXED
    context = {
        "club": contest.club,
        "contest": contest,
        "solos": solos,
        "count": sum(1 for s in solos if not s.is_volunteer),
        "present": sum(
            1
            for s in solos
            if s.checked_in and s.withdrawn_after_round is None and not s.is_volunteer
        ),
        "volunteers": sum(1 for s in solos if s.is_volunteer),
        "form": forms.get("form") or SoloForm(club=contest.club, initial={"checked_in": True}),
        "is_mixed": mixed_mode,
        "is_pairs": contest.entry_mode == Contest.EntryMode.PAIRS,
        "lends_volunteers": contest.leftover_policy == Contest.LeftoverPolicy.VOLUNTEER,
        "teams": teams,
        "alone": [s for s in solos if s.entry_id is None and not s.is_volunteer],
    }
    if mixed_mode:
        context["pair_form"] = forms.get("pair_form") or PairSolosForm(contest=contest)
        context["draw_form"] = forms.get("draw_form") or DrawPairsForm()
        context["volunteer_form"] = forms.get("volunteer_form") or VolunteerForm(contest=contest)
    return render(request, "tournaments/solo/solos.html", context, status=status)


@access.organiser_view("GET", "POST")
def solos(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """The solo players' list and the quick-add form."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    if request.method == "GET":
        return _page(request, contest)
    form = SoloForm(request.POST, club=contest.club)
    if not form.is_valid():
        return _page(request, contest, status=400, form=form)
    data = form.cleaned_data
    try:
        with transaction.atomic():
            solo = services.add_solo(
                contest,
                services.SoloValues(
                    player=_player(contest.club, data["player1"]),
                    paid=data.get("paid", False),
                    checked_in=data.get("checked_in", False),
                    is_volunteer=data.get("is_volunteer", False),
                ),
            )
    except services.ServiceError as exc:
        form.add_error(None, exc.message)
        return _page(request, contest, status=exc.status, form=form)
    text = _("%(player)s inscrit(e), n° %(number)s.") % {
        "player": solo.player.full_name,
        "number": solo.number,
    }
    if solo.joined_at_round > 1:
        text += " " + _("Il entre à la partie %(round)s.") % {"round": solo.joined_at_round}
    messages.success(request, text)
    return redirect(_solos_url(contest))


@access.organiser_view("POST")
def solo_action(
    request: HttpRequest, club_slug: str, contest_id: int, solo_id: int, action: str
) -> HttpResponse:
    """Paid / unpaid, present / absent, volunteer or not, withdraw, reinstate, delete."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    back = _solos_url(contest)
    solo = (
        SoloEntry.objects.select_related("player", "contest__club")
        .filter(contest=contest, pk=solo_id)
        .first()
        if 0 < solo_id < 2**62
        else None
    )
    if solo is None:
        return refused(request, _("Ce joueur n'est pas inscrit dans ce concours."), back, 404)
    name = solo.player.full_name
    try:
        if action in SOLO_ACTIONS:
            flag, value, done = SOLO_ACTIONS[action]
            services.set_solo_flag(solo, flag, value)
            text = _("%(player)s : %(done)s.") % {"player": name, "done": done}
        elif action == "retirer":
            solo = services.withdraw_solo(solo)
            text = (
                _("%(player)s retiré(e) après la partie %(round)s.")
                if solo.withdrawn_after_round
                else _("%(player)s retiré(e) avant la première partie.")
            ) % {"player": name, "round": solo.withdrawn_after_round}
        elif action == "reintegrer":
            services.reinstate_solo(solo)
            text = _("%(player)s réintégré(e).") % {"player": name}
        elif action == "supprimer":
            services.delete_solo(solo)
            text = _("%(player)s supprimé(e) de la liste.") % {"player": name}
        else:
            return refused(request, _("Action inconnue."), back, status=404)
    except services.ServiceError as exc:
        return service_refusal(request, exc, back)
    messages.success(request, text)
    return redirect(back + f"#joueur-{solo.number}")


@access.organiser_view("POST")
def solo_pair(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """Mixed mode: the organiser puts two solo players in one team."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    form = PairSolosForm(request.POST, contest=contest)
    if not form.is_valid():
        return _page(request, contest, status=400, pair_form=form)
    try:
        entry = services.pair_solos(
            contest, form.cleaned_data["first"], form.cleaned_data["second"]
        )
    except services.ServiceError as exc:
        form.add_error(None, exc.message)
        return _page(request, contest, status=exc.status, pair_form=form)
    messages.success(request, _("Équipe n° %(number)s formée.") % {"number": entry.number})
    return redirect(_solos_url(contest) + "#equipes-formees")


@access.organiser_view("POST")
def solo_draw(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """Mixed mode: draw the teams of the present solo players still alone."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    form = DrawPairsForm(request.POST)
    if not form.is_valid():
        return _page(request, contest, status=400, draw_form=form)
    try:
        drawn = services.draw_pairs(contest, seed=form.cleaned_data.get("seed"))
    except services.ServiceError as exc:
        form.add_error(None, exc.message)
        return _page(request, contest, status=exc.status, draw_form=form)
    text = ngettext(
        "%(count)s équipe tirée au sort (graine %(seed)s).",
        "%(count)s équipes tirées au sort (graine %(seed)s).",
        len(drawn.teams),
    ) % {"count": len(drawn.teams), "seed": drawn.seed}
    if drawn.leftover is not None:
        if contest.leftover_policy == Contest.LeftoverPolicy.VOLUNTEER:
            text += " " + _(
                "%(player)s reste sans partenaire : prêtez-lui un partenaire bénévole."
            ) % {"player": drawn.leftover.player.full_name}
        else:
            text += " " + _(
                "%(player)s reste sans partenaire et passe ses parties (exemption) tant "
                "qu'aucun autre joueur seul ne vient."
            ) % {"player": drawn.leftover.player.full_name}
    messages.success(request, text)
    return redirect(_solos_url(contest) + "#equipes-formees")


@access.organiser_view("POST")
def solo_volunteer(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """Mixed mode: lend a volunteer partner to a solo player left alone."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    form = VolunteerForm(request.POST, contest=contest)
    if not form.is_valid():
        return _page(request, contest, status=400, volunteer_form=form)
    try:
        with transaction.atomic():
            volunteer = _player(contest.club, form.cleaned_data["volunteer"])
            entry = services.lend_volunteer(contest, form.cleaned_data["solo"], volunteer)
    except services.ServiceError as exc:
        form.add_error(None, exc.message)
        return _page(request, contest, status=exc.status, volunteer_form=form)
    messages.success(
        request,
        _("Équipe n° %(number)s formée avec %(volunteer)s, bénévole.")
        % {"number": entry.number, "volunteer": volunteer.full_name},
    )
    return redirect(_solos_url(contest) + "#equipes-formees")


@access.organiser_view("POST")
def solo_unpair(
    request: HttpRequest, club_slug: str, contest_id: int, entry_id: int
) -> HttpResponse:
    """Mixed mode: undo a team of solo players that has not played."""
    entry = access.entry_for(request.user, club_slug, contest_id, entry_id)
    back = _solos_url(entry.contest)
    try:
        services.unpair(entry.contest, entry)
    except services.ServiceError as exc:
        return service_refusal(request, exc, back)
    messages.success(request, _("Équipe n° %(number)s défaite.") % {"number": entry.number})
    return redirect(back)
