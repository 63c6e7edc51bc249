"""Organiser pages of the tournaments app: dashboard, club, players and contests.

Every object comes from ``tournaments.access`` (404 for anyone who is not an organiser or
admin of the club); every write goes through ``tournaments.services``; forms never save.
Registration pages live in ``tournaments.entries``, rounds and prints in ``tournaments.rounds``.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments import access, audit, services
from tournaments.contests.forms import ContestForm, PlayerForm, RegistryAddForm
from tournaments.entries.forms import player_choice_label
from tournaments.entries.tables import PlayerTable
from tournaments.journal import sentences as journal
from tournaments.models import Club, Contest, Membership, Player, Round, name_key
from tournaments.responses import query_text, service_refusal
from tournaments.rules.contest import RulesForm


@login_required
@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    """The clubs this user belongs to, with their contests (newest first)."""
    user = request.user
    if not user.is_authenticated:  # login_required let nobody else in
        raise PermissionDenied
    memberships = Membership.objects.filter(user=user).select_related("club").order_by("club__name")
    clubs: list[tuple[Club, str, list[Contest]]] = []
    for membership in memberships:
        contests = list(membership.club.contests.all()[:20])
        clubs.append((membership.club, membership.get_role_display(), contests))
    return render(request, "tournaments/dashboard.html", {"clubs": clubs})


@access.organiser_view("GET")
def club(request: HttpRequest, club_slug: str) -> HttpResponse:
    """A club's dashboard: its contests, seasons and the size of its player register."""
    club = access.club_for(request.user, club_slug)
    contests = (
        club.contests.select_related("season")
        .annotate(
            teams=Count("entries", distinct=True),
            published=Count("rounds", filter=~Q(rounds__status=Round.Status.DRAFT), distinct=True),
        )
        .order_by("-date", "name")
    )
    return render(
        request,
        "tournaments/club.html",
        {
            "club": club,
            "contests": contests,
            # Its own seasons and the circuits it takes part in (the seasons app's pages,
            # ``seasons.access.season_for``, show them; they are created there too).
            "seasons": club.seasons_taken_part_in(),
            "players_count": Player.objects.registry_of(club).count(),
        },
    )


@access.organiser_view("GET", "POST")
def players(request: HttpRequest, club_slug: str) -> HttpResponse:
    """The club's player register: search, list, and add a player."""
    club = access.club_for(request.user, club_slug)
    form = PlayerForm(access.posted(request))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                player = services.save_player(club, **form.cleaned_data)
            except services.ServiceError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("%(name)s ajouté(e).") % {"name": player.full_name})
                return redirect("tournaments:players", club_slug=club.slug)
        status = 400
    query = query_text(request, "q")
    qs = Player.objects.registry_of(club).select_related("club")
    if query:
        qs = qs.filter(Q(name_key__contains=name_key(query)) | Q(licence__icontains=query))
    page = Paginator(qs, 100).get_page(request.GET.get("page"))
    table = PlayerTable(page.object_list, club=club)
    return render(
        request,
        "tournaments/players.html",
        {
            "club": club,
            "form": form,
            "registry_form": RegistryAddForm(),
            "table": table,
            "page": page,
            "query": query,
        },
        status=status,
    )


@access.organiser_view("GET", "POST")
def player_edit(request: HttpRequest, club_slug: str, player_id: int) -> HttpResponse:
    player = access.player_for(request.user, club_slug, player_id)
    club = player.club
    initial = {"first_name": player.first_name, "last_name": player.last_name}
    initial["licence"] = player.licence
    form = PlayerForm(access.posted(request), initial=initial)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.save_player(club, player=player, **form.cleaned_data)
            except services.ServiceError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("Joueur modifié."))
                return redirect("tournaments:players", club_slug=club.slug)
        status = 400
    return render(
        request,
        "tournaments/player_form.html",
        {"club": club, "player": player, "form": form},
        status=status,
    )


@access.organiser_view("GET")
def player_suggestions(request: HttpRequest, club_slug: str) -> HttpResponse:
    """``<option>`` suggestions for the quick-add fields (htmx fills a ``<datalist>``)."""
    club = access.club_for(request.user, club_slug)

    typed = query_text(request, "player1", 170) or query_text(request, "player2", 170)
    query = name_key(typed or query_text(request, "q", 170))[:80]
    options: list[str] = []
    if len(query) >= 2:
        found = Player.objects.registry_of(club).filter(
            Q(name_key__contains=query) | Q(licence__istartswith=query)
        )[:15]
        options = [player_choice_label(p) for p in found]
    return render(request, "tournaments/_player_options.html", {"options": options})


def _form_errors_status(form: ContestForm) -> int:
    return 400 if form.is_bound and form.errors else 200


@access.organiser_view("GET", "POST")
def contest_create(request: HttpRequest, club_slug: str) -> HttpResponse:
    """Create a contest from a preset, its options shown in plain French."""
    club = access.club_for(request.user, club_slug)
    preset = request.POST.get("preset") or request.GET.get("preset") or None
    form = ContestForm(access.posted(request), club=club)
    rules_form = RulesForm(access.posted(request), preset=preset)
    if request.method == "POST" and form.is_valid() and rules_form.is_valid():
        values = form.values() | rules_form.values()
        try:
            contest = services.create_contest(club, values)
        except services.ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Concours « %(name)s » créé.") % {"name": contest.name})
            return redirect(contest.get_absolute_url())
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "tournaments/contest_form.html",
        {"club": club, "form": form, "rules_form": rules_form, "contest": None},
        status=status,
    )


@access.organiser_view("GET", "POST")
def contest_edit(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """Edit a contest; once it runs, the rules and format are shown read-only."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    frozen = contest.rules_frozen
    form = ContestForm(
        access.posted(request),
        club=contest.club,
        frozen=frozen,
        initial=ContestForm.initial_from(contest),
    )
    rules_form = RulesForm(
        access.posted(request), preset=contest.preset, stored=contest.ruleset, frozen=frozen
    )
    if request.method == "POST" and form.is_valid() and rules_form.is_valid():
        values = form.values()
        if not frozen:
            values |= rules_form.values()
        try:
            services.update_contest(contest, values)
        except services.ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Concours enregistré."))
            return redirect(contest.get_absolute_url())
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "tournaments/contest_form.html",
        {"club": contest.club, "form": form, "rules_form": rules_form, "contest": contest},
        status=status,
    )


@access.organiser_view("POST")
def contest_finish(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    contest = access.contest_for(request.user, club_slug, contest_id)
    try:
        services.finish_contest(contest)
    except services.ServiceError as exc:
        return service_refusal(request, exc, contest.get_absolute_url())
    messages.success(request, _("Concours clos."))
    return redirect(contest.get_absolute_url())


@access.organiser_view("GET")
def contest_log(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """The contest's log of changes, newest first; read-only by design."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    events = contest.audit_events.select_related("actor")
    kind = request.GET.get("type", "")
    if kind in audit.FILTERS:
        events = events.filter(action__startswith=f"{kind}.")
    else:
        kind = ""
    page = Paginator(events, 50).get_page(request.GET.get("page"))
    rows = [
        {"event": event, "label": audit.action_label(event.action), "sentence": text}
        for event, text in journal.sentences(page)
    ]
    return render(
        request,
        "tournaments/contest_log.html",
        {
            "club": contest.club,
            "contest": contest,
            "rows": rows,
            "page": page,
            "filters": audit.FILTERS,
            "kind": kind,
        },
    )
