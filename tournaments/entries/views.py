"""Organiser pages for registration: the team list, quick add, edit, flags, CSV import.

Objects come from ``tournaments.access``; writes go through ``tournaments.services``.
A refused action answers 400 (bad input) or 409 (not possible now) with a French message.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import access, services
from tournaments.entries import imports as csv_import
from tournaments.entries import reader as csv_reader
from tournaments.entries.forms import CsvUploadForm, EntryForm, PlayerRef
from tournaments.entries.tables import EntryTable
from tournaments.models import Club, Contest, Player
from tournaments.responses import refused, service_refusal

ENTRY_ACTIONS = {
    "payer": ("paid", True, gettext_lazy("marquée payée")),
    "impayer": ("paid", False, gettext_lazy("marquée à payer")),
    "pointer": ("checked_in", True, gettext_lazy("pointée présente")),
    "depointer": ("checked_in", False, gettext_lazy("marquée absente")),
}
SESSION_KEY = "atout-csv-import-%s"


def _player(club: Club, ref: PlayerRef) -> Player:
    if ref.player is not None:
        return ref.player
    if ref.new:  # a homonym of players of the register, the organiser asked for a new one
        return services.save_player(
            club, first_name=ref.first_name, last_name=ref.last_name, licence=ref.licence
        )
    player, _created = services.get_or_create_player(club, ref.first_name, ref.last_name)
    return player


def _entry_values(club: Club, form: EntryForm) -> services.EntryValues:
    data = form.cleaned_data
    return services.EntryValues(
        player1=_player(club, data["player1"]),
        player2=_player(club, data["player2"]),
        name=data.get("name", ""),
        home_club=data.get("home_club", ""),
        paid=data.get("paid", False),
        checked_in=data.get("checked_in", False),
    )


def _entries_page(
    request: HttpRequest, contest: Contest, form: EntryForm, status: int = 200
) -> HttpResponse:
    entries = list(
        contest.entries.filter(formed_for_round__isnull=True)
        .select_related("player1", "player2")
        .order_by("number")
    )
    # No team came with a club: the column would be empty on every line.
    exclude = () if any(e.home_club for e in entries) else ("home_club",)
    return render(
        request,
        "tournaments/entries.html",
        {
            "club": contest.club,
            "contest": contest,
            "form": form,
            "table": EntryTable(entries, exclude=exclude),
            "count": len(entries),
        },
        status=status,
    )


@access.organiser_view("GET", "POST")
def entries(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """The team list and the quick-add form (players chosen from the club or created)."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    form = EntryForm(access.posted(request), club=contest.club, initial={"checked_in": True})
    if request.method == "POST":
        if form.is_valid():
            try:
                with transaction.atomic():
                    entry = services.add_entry(contest, _entry_values(contest.club, form))
            except services.ServiceError as exc:
                form.add_error(None, exc.message)
            else:
                text = _("Équipe n° %(number)s inscrite.") % {"number": entry.number}
                if entry.joined_at_round > 1:
                    text += " " + _("Elle entre à la partie %(round)s.") % {
                        "round": entry.joined_at_round
                    }
                messages.success(request, text)
                return redirect("tournaments:entries", club_slug=club_slug, contest_id=contest.pk)
        return _entries_page(request, contest, form, status=400)
    return _entries_page(request, contest, form)


@access.organiser_view("GET", "POST")
def entry_edit(
    request: HttpRequest, club_slug: str, contest_id: int, entry_id: int
) -> HttpResponse:
    entry = access.entry_for(request.user, club_slug, contest_id, entry_id)
    contest = entry.contest
    form = EntryForm(
        access.posted(request), club=contest.club, initial=EntryForm.initial_from(entry)
    )
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                with transaction.atomic():
                    services.update_entry(entry, _entry_values(contest.club, form))
            except services.ServiceError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("Équipe modifiée."))
                return redirect("tournaments:entries", club_slug=club_slug, contest_id=contest.pk)
        status = 400
    return render(
        request,
        "tournaments/entry_form.html",
        {"club": contest.club, "contest": contest, "entry": entry, "form": form},
        status=status,
    )


@access.organiser_view("POST")
def entry_action(
    request: HttpRequest, club_slug: str, contest_id: int, entry_id: int, action: str
) -> HttpResponse:
    """Paid / unpaid, present / absent, withdraw, reinstate, delete."""
    entry = access.entry_for(request.user, club_slug, contest_id, entry_id)
    back = reverse("tournaments:entries", kwargs={"club_slug": club_slug, "contest_id": contest_id})
    try:
        if action in ENTRY_ACTIONS:
            flag, value, done = ENTRY_ACTIONS[action]
            services.set_entry_flag(entry, flag, value)
            text = _("Équipe n° %(number)s %(done)s.") % {"number": entry.number, "done": done}
        elif action == "retirer":
            entry = services.withdraw_entry(entry)
            text = (
                _("Équipe n° %(number)s retirée après la partie %(round)s.")
                if entry.withdrawn_after_round
                else _("Équipe n° %(number)s retirée avant la première partie.")
            ) % {"number": entry.number, "round": entry.withdrawn_after_round}
        elif action == "reintegrer":
            services.reinstate_entry(entry)
            text = _("Équipe n° %(number)s réintégrée.") % {"number": entry.number}
        elif action == "supprimer":
            services.delete_entry(entry)
            text = _("Équipe n° %(number)s supprimée.") % {"number": entry.number}
        else:
            return refused(request, _("Action inconnue."), back, status=404)
    except services.ServiceError as exc:
        return service_refusal(request, exc, back)
    messages.success(request, text)
    return redirect(back + f"#equipe-{entry.number}")


def _import_page(
    request: HttpRequest, contest: Contest, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    return render(
        request,
        "tournaments/entries_import.html",
        {"club": contest.club, "contest": contest, **context},
        status=status,
    )


@access.organiser_view("GET", "POST")
def entries_import(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """Upload a CSV file and see its preview: nothing is imported here. A contest that takes no
    team (finished, a mêlée) says so at once, as the confirmation would (409 to an upload)."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    try:
        services.check_takes_teams(contest)
    except services.ServiceError as exc:
        status = exc.status if request.method == "POST" else 200
        return _import_page(request, contest, {"closed": exc.message}, status=status)
    form = CsvUploadForm(access.posted(request), access.posted_files(request))
    if request.method == "GET":
        return _import_page(request, contest, {"form": form})
    if not form.is_valid():
        return _import_page(request, contest, {"form": form}, status=400)
    upload = form.cleaned_data["file"]
    if upload.size > csv_import.MAX_BYTES:
        form.add_error("file", _("Le fichier est trop gros : 1 000 Ko au plus."))
        return _import_page(request, contest, {"form": form}, status=400)
    raw = upload.read(csv_import.MAX_BYTES + 1)
    try:
        preview = csv_import.preview(contest, raw)
    except csv_import.CsvImportError as exc:
        form.add_error("file", exc.message)
        return _import_page(request, contest, {"form": form}, status=400)
    key = SESSION_KEY % contest.pk
    if preview.ok:
        request.session[key] = [row.to_json() for row in preview.rows]
    else:
        request.session.pop(key, None)
    return _import_page(
        request,
        contest,
        {"form": CsvUploadForm(), "preview": preview, "filename": upload.name},
        status=200 if preview.ok else 400,
    )


@access.organiser_view("POST")
def entries_import_confirm(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """Import the previewed file: every team or none (checked again against today's data)."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    key = SESSION_KEY % contest.pk
    stored = request.session.get(key)
    back = reverse(
        "tournaments:entries_import", kwargs={"club_slug": club_slug, "contest_id": contest_id}
    )
    try:
        rows = csv_reader.previewed_rows(stored, csv_import.ImportRow.from_json)
    except csv_reader.CsvImportError as exc:
        request.session.pop(key, None)
        return refused(request, exc.message, back, 400)
    rows = csv_import.validate(contest, rows)
    bad = [row for row in rows if row.errors]
    if bad:
        request.session.pop(key, None)
        preview = csv_import.Preview(rows=rows, encoding="", delimiter="")
        return _import_page(
            request, contest, {"form": CsvUploadForm(), "preview": preview}, status=409
        )
    try:
        created = services.import_entries(contest, rows)
    except services.ImportInterrupted as exc:
        request.session.pop(key, None)
        return refused(request, exc.message, back, exc.status)
    except services.ServiceError as exc:
        return refused(
            request,
            _("Rien n'a été importé : %(reason)s") % {"reason": exc.message},
            back,
        )
    request.session.pop(key, None)
    messages.success(request, _("%(count)s équipes importées.") % {"count": len(created)})
    return redirect("tournaments:entries", club_slug=club_slug, contest_id=contest.pk)
