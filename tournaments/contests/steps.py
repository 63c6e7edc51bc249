"""The cockpit's building blocks and the steps of the day from printing on.

What it owns
------------
The cockpit's ``Action`` and ``Step``, the progress sentence of a partie (``progress_line``),
and ``StepBuilder``: what every step reads (the contest's rounds, the sheets' progress handed
over by ``tournaments.adapters.round_progress``, the counts of teams) and the steps from the
printing of the sheets to the exports (printing, tables, standings, publication, prizes,
exports). ``tournaments.contests.cockpit`` adds the steps before the play (registration,
phases, draw) and assembles the page.

What it must not do
-------------------
It never writes, never imports ``scoring`` or a higher app (the links name other apps' pages
by their URL names), and decides no access.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import adapters
from tournaments.models import Contest, Round
from tournaments.ports import RoundProgress
from tournaments.services.rounds.clock import clock_of


@dataclass
class Action:
    label: str
    url: str
    post: bool = False  # a form with a CSRF token and a button, not a link
    confirm: str = ""
    primary: bool = False
    fields: dict[str, str] = field(default_factory=dict)


@dataclass
class Step:
    key: str
    title: str
    state: str = "todo"  # done | current | todo | blocked | warning
    lines: list[str] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)


def contest_url(name: str, contest: Contest, round_: Round | None = None) -> str:
    kwargs: dict[str, Any] = {"club_slug": contest.club.slug, "contest_id": contest.pk}
    if round_ is not None:
        kwargs["round_number"] = round_.number
    return reverse(name, kwargs=kwargs)


def progress_line(number: int, progress: RoundProgress | None) -> str:
    """ "Partie 2 : 9 tables sur 12 terminées, 1 contestée, 2 en retard"."""
    if progress is None or progress.tables == 0:
        return _("Partie %(n)s : aucune feuille de marque.") % {"n": number}
    text = ngettext(
        "Partie %(n)s : %(done)s table sur %(count)s terminée",
        "Partie %(n)s : %(done)s tables sur %(count)s terminées",
        progress.finished,
    ) % {"n": number, "done": progress.finished, "count": progress.tables}
    extra = []
    if progress.confirmed and progress.confirmed != progress.tables:
        extra.append(
            ngettext("%(count)s confirmée", "%(count)s confirmées", progress.confirmed)
            % {"count": progress.confirmed}
        )
    if progress.disputed:
        extra.append(
            ngettext("%(count)s contestée", "%(count)s contestées", progress.disputed)
            % {"count": progress.disputed}
        )
    if progress.late:
        extra.append(
            ngettext("%(count)s en retard", "%(count)s en retard", progress.late)
            % {"count": progress.late}
        )
    return ", ".join([text, *extra]) + "."


def _counts(contest: Contest) -> dict[str, int]:
    """The teams (a mêlée's drawn pairs are none), or a mêlée's players (volunteers aside)."""
    rows: QuerySet[Any]
    if contest.entry_mode == Contest.EntryMode.MELEE:
        rows = contest.solo_entries.filter(is_volunteer=False)
    else:
        rows = contest.entries.filter(formed_for_round__isnull=True)
    return rows.aggregate(
        total=Count("id"),
        present=Count("id", filter=Q(checked_in=True, withdrawn_after_round__isnull=True)),
        paid=Count("id", filter=Q(paid=True)),
        withdrawn=Count("id", filter=Q(withdrawn_after_round__isnull=False)),
    )


def all_done(progress: RoundProgress | None) -> bool:
    return progress is not None and progress.tables > 0 and progress.finished == progress.tables


class StepBuilder:
    """What the steps read, and the steps of the day from printing on; the first step that
    claims the next action gets it (``tournaments.contests.cockpit`` adds the earlier steps)."""

    def __init__(self, contest: Contest) -> None:
        self.contest = contest
        self.rounds = list(contest.rounds.annotate(tables_count=Count("tables")).order_by("number"))
        published = [r for r in self.rounds if r.status != Round.Status.DRAFT]
        self.current = published[-1] if published else None
        drafts = [r for r in self.rounds if r.status == Round.Status.DRAFT]
        self.draft = drafts[-1] if drafts else None
        last = self.rounds[-1].number if self.rounds else 0
        self.next_number = last + 1 if last < contest.rounds_count else None
        self.finished = contest.status == Contest.Status.FINISHED
        self.progress = adapters.round_progress(contest)
        self.counts = _counts(contest)
        self.next_action: Action | None = None
        self.phased = False  # a contest in phases (set by the phases step)
        self.ties: list[tuple[int, int]] = []  # its level bracket matches: (partie, table)
        self.current_progress = self.progress.get(self.current.number) if self.current else None

    def claim(self, step: Step, action: Action) -> None:
        """Make ``action`` the page's next action if none is yet (its step becomes current)."""
        if self.next_action is None:
            action.primary = True
            self.next_action = action
            step.state = "current"
        step.actions.insert(0, action)

    # --- the steps of the play and after, in the order of the day ---------------------------

    def printing(self) -> Step:
        step = Step("print", _("Impression des feuilles et affiches"))
        round_ = self.draft or self.current
        if round_ is None:
            step.lines.append(_("Après le tirage de la partie 1."))
            return step
        if self.current is not None:
            step.actions += [
                Action(
                    _("Feuilles de marque avec QR codes (partie %(n)s)")
                    % {"n": self.current.number},
                    contest_url("publishing:print_sheets", self.contest, self.current),
                ),
                Action(
                    _("Affiches des tables (partie %(n)s)") % {"n": self.current.number},
                    contest_url("publishing:print_posters", self.contest, self.current),
                ),
            ]
        step.actions += [
            Action(
                _("Liste des tables (partie %(n)s)") % {"n": round_.number},
                contest_url("tournaments:round_print", self.contest, round_),
            ),
            Action(
                _("Projeter le tirage (partie %(n)s)") % {"n": round_.number},
                contest_url("tournaments:round_projector", self.contest, round_),
            ),
        ]
        progress = self.current_progress
        if self.current is not None and progress is not None and progress.started == 0:
            step.lines.append(
                _("Partie %(n)s publiée : imprimez une feuille par table et affichez le tirage.")
                % {"n": self.current.number}
            )
            if not self.finished:
                first = step.actions.pop(0)
                self.claim(step, first)
        elif self.current is not None:
            step.state = "done"
            line = (
                _("Partie %(n)s jouée.")
                if all_done(progress)
                else _("Partie %(n)s : le jeu a commencé.")
            )
            step.lines.append(line % {"n": self.current.number})
        return step

    def tables(self) -> Step:
        step = Step("tables", _("Suivi des tables"))
        if self.current is None:
            step.lines.append(_("Pendant chaque partie : les tables, en direct."))
            return step
        progress = self.current_progress
        step.lines.append(progress_line(self.current.number, progress))
        clock = clock_of(self.current)
        if clock.timed:  # a timed partie: its clock's state ("Chrono en cours : 12:30 restantes")
            step.lines.append(clock.label)
        follow = Action(
            _("Suivre les tables de la partie %(n)s") % {"n": self.current.number},
            contest_url("scoring:round_sheets", self.contest, self.current),
        )
        unfinished_before = False
        for r in self.rounds:
            if r.status != Round.Status.DRAFT and r.number != self.current.number:
                step.actions.append(
                    Action(
                        _("Feuilles de la partie %(n)s") % {"n": r.number},
                        contest_url("scoring:round_sheets", self.contest, r),
                    )
                )
                earlier = self.progress.get(r.number)
                if earlier is not None and earlier.tables and not all_done(earlier):
                    # A partie drawn before this one was over (a forced draw): say so.
                    unfinished_before = True
                    step.lines.append(progress_line(r.number, earlier))
        if all_done(progress) and not unfinished_before:
            step.state = "done"
            step.actions.insert(0, follow)
        elif self.finished:
            step.actions.insert(0, follow)
        else:
            self.claim(step, follow)
        if unfinished_before and step.state != "current":
            step.state = "warning"
        return step

    def standings(self) -> Step:
        step = Step("standings", _("Classement"))
        done = [r.number for r in self.rounds if all_done(self.progress.get(r.number))]
        if done:
            step.lines.append(_("Classement après la partie %(n)s.") % {"n": max(done)})
            step.state = "done"
        else:
            step.lines.append(_("Dès qu'une partie est terminée."))
        step.actions.append(
            Action(
                _("Classement individuel"), contest_url("publishing:players_ranking", self.contest)
            )
        )
        published = any(r.show_standings and r.status != Round.Status.DRAFT for r in self.rounds)
        if done and not published:
            # The public page would say « pas encore publié »: the organiser checks the
            # standings on the palmarès (a mêlée's is its players' ranking, offered above).
            step.lines.append(_("Pas encore publié : le public ne le voit pas."))
            if self.contest.entry_mode != Contest.EntryMode.MELEE:
                step.actions.append(
                    Action(
                        _("Voir le classement (avant publication)"),
                        contest_url("publishing:print_ranking", self.contest),
                    )
                )
        if self.contest.public_url and published:
            step.actions.append(
                Action(
                    _("Voir le classement"),
                    reverse(
                        # A mêlée's public standings are its players' ranking.
                        "scores:players"
                        if self.contest.entry_mode == Contest.EntryMode.MELEE
                        else "scores:standings",
                        kwargs={
                            "club_slug": self.contest.club.slug,
                            "contest_slug": self.contest.slug,
                        },
                    ),
                )
            )
        if self.contest.public_url:
            step.actions.append(
                Action(
                    _("Projecteur de la salle"),
                    reverse(
                        "scores:projector",
                        kwargs={
                            "club_slug": self.contest.club.slug,
                            "contest_slug": self.contest.slug,
                        },
                    ),
                )
            )
        return step

    def publication(self) -> Step:
        step = Step("publication", _("Publication"))
        publication = Action(
            _("Publier tirages, résultats et classement"),
            contest_url("publishing:publication", self.contest),
        )
        if self.current is None:
            step.lines.append(_("Ce que le public voit, partie par partie."))
            step.actions.append(publication)
            return step
        r = self.current
        shown = [
            _("tirage public") if r.show_draw else _("tirage non public"),
            _("résultats publics") if r.show_results else _("résultats non publiés"),
            _("classement public") if r.show_standings else _("classement non publié"),
        ]
        step.lines.append(_("Partie %(n)s : %(what)s.") % {"n": r.number, "what": ", ".join(shown)})
        if not self.contest.is_public:
            step.lines.append(_("Le concours n'est pas visible du public."))
        last_round = self.next_number is None and self.draft is None
        if (
            last_round
            and all_done(self.current_progress)
            and not (r.show_results and r.show_standings)
            and self.contest.is_public
        ):
            self.claim(step, publication)
        else:
            step.actions.append(publication)
            if r.show_results and r.show_standings:
                step.state = "done"
        return step

    def prizes(self) -> Step:
        step = Step("prizes", _("Lots et palmarès"))
        step.lines.append(_("Après la dernière partie : les lots par rang, puis le palmarès."))
        prizes = Action(_("Lots"), contest_url("publishing:prizes", self.contest))
        step.actions.append(
            Action(_("Imprimer le palmarès"), contest_url("publishing:print_ranking", self.contest))
        )
        last_round = self.next_number is None and self.draft is None
        if last_round and all_done(self.current_progress) and not self.finished:
            self.claim(step, prizes)
        else:
            step.actions.insert(0, prizes)
        return step

    def exports(self) -> Step:
        step = Step("exports", _("Exports et archive"))
        step.actions.append(
            Action(_("Exporter les résultats"), contest_url("publishing:exports", self.contest))
        )
        step.actions.append(
            Action(
                _("Journal des modifications"), contest_url("tournaments:contest_log", self.contest)
            )
        )
        if self.finished:
            step.lines.append(_("Concours clos : exportez les résultats et gardez l'archive."))
            step.state = "current" if self.next_action is None else step.state
            if self.next_action is None:
                step.actions[0].primary = True
                self.next_action = step.actions[0]
        else:
            step.lines.append(_("Quand tout est joué : clore le concours, puis exporter."))
            if self.contest.status == Contest.Status.RUNNING:
                step.actions.append(
                    Action(
                        _("Clore le concours"),
                        contest_url("tournaments:contest_finish", self.contest),
                        post=True,
                        confirm=_("Clore le concours ? Plus aucune partie ne pourra être tirée."),
                    )
                )
        return step


__all__ = ["Action", "Step", "StepBuilder", "all_done", "contest_url", "progress_line"]
