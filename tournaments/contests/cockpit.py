"""The contest's cockpit: the day's steps in order, each with its state and its links.

What it owns
------------
:func:`cockpit_of` reads a contest (its entries, rounds, and the sheets' progress that
``scoring`` hands over through ``tournaments.adapters.round_progress``) and says, for each step
of a contest day — registration and check-in, the draw of partie N, printing, following the
tables, standings, publication, prizes and palmarès, exports and archive — what is done, what
is waiting, and which ONE action comes next (the page's primary button). The links name other
apps' pages by their URL names (``scoring:round_sheets``, ``publishing:prizes``…): reversing a
name imports nothing. The steps before the play (registration, phases, draw) are built here,
the others by ``tournaments.contests.steps`` (with the ``Action`` and ``Step`` they are made of).
A contest in a season shows its place in it ("Challenge d'hiver : 5e journée sur 12"), given by
the seasons app through the port ``tournaments.ports.season_line``.

What it must not do
-------------------
It never writes, never imports ``scoring`` or a higher app, and decides no access (the view got
the contest from ``tournaments.access``). A few queries whatever the size of the contest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import ports
from tournaments.contests.steps import (
    Action,
    Step,
    StepBuilder,
    all_done,
    contest_url,
    progress_line,
)
from tournaments.models import Contest, Round
from tournaments.phases.display import cockpit_lines
from tournaments.ports import RoundProgress
from tournaments.services.phases.read import read_phases
from tournaments.services.rounds.day_order import describe, draws_by_ranking, tables_waiting


@dataclass
class Cockpit:
    steps: list[Step]
    next_action: Action | None
    rounds: Sequence[Round]
    current: Round | None  # the last published round (the partie being played)
    draft: Round | None
    next_number: int | None  # the next partie to draw (None when all are drawn)
    progress: dict[int, RoundProgress]
    counts: dict[str, int]
    season_line: str = ""  # "Challenge d'hiver : 5e journée sur 12", linked to the season
    season_url: str = ""


def _registration_line(registered: str, present: str, paid: int) -> str:
    """« 8 équipes inscrites, 1 pointée présente, 0 a payé. »: each count with its own plural."""
    paid_text = ngettext("%(count)s a payé", "%(count)s ont payé", paid) % {"count": paid}
    # A plain list: each part is translated with its own plural, the commas need none.
    return f"{registered}, {present}, {paid_text}."


class _Builder(StepBuilder):
    """Builds the steps in order; the first step that claims the next action gets it."""

    # --- the steps before the play, in the order of the day -------------------------------

    def registration(self) -> Step:
        if self.contest.entry_mode == Contest.EntryMode.MELEE:
            return self._solo_registration()
        c = self.counts
        step = Step("registration", _("Inscriptions et pointage"))
        step.lines.append(
            _registration_line(
                ngettext("%(count)s équipe inscrite", "%(count)s équipes inscrites", c["total"])
                % {"count": c["total"]},
                ngettext("%(count)s pointée présente", "%(count)s pointées présentes", c["present"])
                % {"count": c["present"]},
                c["paid"],
            )
        )
        if c["withdrawn"]:
            step.lines.append(
                ngettext("%(count)s retirée.", "%(count)s retirées.", c["withdrawn"])
                % {"count": c["withdrawn"]}
            )
        entries = Action(
            _("Inscriptions et pointage"), contest_url("tournaments:entries", self.contest)
        )
        if not self.finished:  # a finished contest registers no one
            step.actions.append(
                Action(
                    _("Importer un fichier CSV"),
                    contest_url("tournaments:entries_import", self.contest),
                )
            )
        if self.contest.entry_mode == Contest.EntryMode.MIXED:
            alone = self.contest.solo_entries.waiting_for_partner().count()
            if alone:
                step.lines.append(
                    ngettext(
                        "%(count)s joueur seul attend encore un partenaire.",
                        "%(count)s joueurs seuls attendent encore un partenaire.",
                        alone,
                    )
                    % {"count": alone}
                )
            step.actions.append(
                Action(
                    _("Joueurs seuls et leurs équipes"),
                    contest_url("tournaments:solos", self.contest),
                )
            )
        if self.current is None and c["present"] < 2 and not self.finished:
            step.lines.append(_("Pointez au moins deux équipes présentes pour tirer la partie 1."))
            self.claim(step, entries)
        else:
            step.actions.insert(0, entries)
            step.state = "done" if self.current is not None else "todo"
        return step

    def _solo_registration(self) -> Step:
        """A mêlée's players come alone: at least four present for the first draw."""
        c = self.counts
        step = Step("registration", _("Inscriptions et pointage des joueurs"))
        step.lines.append(
            _registration_line(
                ngettext("%(count)s joueur inscrit", "%(count)s joueurs inscrits", c["total"])
                % {"count": c["total"]},
                ngettext("%(count)s pointé présent", "%(count)s pointés présents", c["present"])
                % {"count": c["present"]},
                c["paid"],
            )
        )
        solos = Action(
            _("Joueurs seuls et pointage"), contest_url("tournaments:solos", self.contest)
        )
        if self.current is None and c["present"] < 4 and not self.finished:
            step.lines.append(_("Pointez au moins quatre joueurs présents pour tirer la partie 1."))
            self.claim(step, solos)
        else:
            step.actions.insert(0, solos)
            step.state = "done" if self.current is not None else "todo"
        return step

    def phases(self) -> Step | None:
        """A contest in phases: each phase's state and what the next partie starts."""
        view = read_phases(self.contest)
        if view is None:
            return None
        self.phased = True
        step = Step("phases", _("Phases : poules, tableaux"))
        step.lines = cockpit_lines(view, self.next_number)
        step.state = "done" if view.placement is not None else "todo"
        self.ties = [(t.round, t.table) for t in view.ties]
        for number, table in self.ties:  # a level bracket match holds the bracket
            step.state = "blocked"
            step.lines.append(tie_line(number, table))
            step.actions.append(self._tie_action(number, table))
        step.actions.append(
            Action(
                _("Poules, tableaux et classement final"),
                contest_url("tournaments:phases", self.contest),
            )
        )
        if self.contest.public_url:
            slugs = {"club_slug": self.contest.club.slug, "contest_slug": self.contest.slug}
            step.actions.append(
                Action(
                    _("Projeter les tableaux"),
                    reverse("scores:projector", kwargs=slugs) + "?vue=tableau",
                )
            )
        return step

    def draw(self) -> Step:
        number = self.draft.number if self.draft else self.next_number
        title = (
            _("Tirage de la partie %(n)s") % {"n": number} if number else _("Tirage des parties")
        )
        step = Step("draw", title)
        step.lines.append(
            ngettext(
                "%(drawn)s partie tirée sur %(count)s.",
                "%(drawn)s parties tirées sur %(count)s.",
                len(self.rounds),
            )
            % {"drawn": len(self.rounds), "count": self.contest.rounds_count}
        )
        if self.contest.entry_mode == Contest.EntryMode.MELEE:
            step.lines.append(
                _(
                    "Mêlée : partenaires et adversaires tirés à chaque partie, jamais deux fois "
                    "le même partenaire tant que c'est possible."
                )
            )
        if self.current is not None and not self.finished:
            # A running contest's plan may change: parties, a latecomer, a table out of service.
            step.actions.append(
                Action(
                    _("Changer le plan (parties, retardataire, table hors service)"),
                    contest_url("tournaments:plan", self.contest),
                )
            )
        if self.finished:
            step.state = "done"
            step.lines.append(_("Le concours est clos."))
        elif self.draft is not None:
            step.lines.append(
                _("La partie %(n)s est un brouillon : vérifiez-la, puis publiez-la.")
                % {"n": self.draft.number}
            )
            self.claim(
                step,
                Action(
                    _("Vérifier et publier la partie %(n)s") % {"n": self.draft.number},
                    contest_url("tournaments:round", self.contest, self.draft),
                ),
            )
        elif self.next_number is None:
            step.state = "done"
            step.lines.append(_("Toutes les parties sont tirées."))
        else:
            self._next_draw(step, self.next_number)
        return step

    def _tie_action(self, number: int, table: int) -> Action:
        """The link to a level bracket match's sheet, where its winner is named."""
        kwargs = {"club_slug": self.contest.club.slug, "contest_id": self.contest.pk}
        return Action(
            _("Partie %(n)s, table %(t)s : désigner l'équipe qualifiée")
            % {"n": number, "t": table},
            reverse(
                "scoring:sheet", kwargs={**kwargs, "round_number": number, "table_number": table}
            ),
        )

    def _ranking_draw_line(self) -> str:
        """How a draw that reads the standings draws: a mêlée seats players, not teams."""
        if self.phased:
            return _("Tirage selon le plan des phases (poules, tableaux).")
        if self.contest.entry_mode == Contest.EntryMode.MELEE:
            return _("Tirage selon le classement des joueurs : des scores proches à la même table.")
        return _("Tirage selon le classement, sans revanche.")

    def _next_draw(self, step: Step, number: int) -> None:
        action = Action(
            _("Tirer la partie %(n)s") % {"n": number},
            contest_url("tournaments:round_generate", self.contest),
            post=True,
        )
        if self.ties:  # the bracket cannot go on before each level match has its winner
            step.lines += [tie_line(n, t) for n, t in self.ties]
            step.actions.append(action)
            for n, t in reversed(self.ties):
                self.claim(step, self._tie_action(n, t))
            step.state = "blocked"
            return
        if draws_by_ranking(self.contest, number):
            step.lines.append(self._ranking_draw_line())
            waiting = tables_waiting(self.contest, number, self.progress)
            if waiting:
                step.state = "blocked"
                step.lines.append(
                    ngettext(
                        "En attente de %(count)s table : %(tables)s.",
                        "En attente de %(count)s tables : %(tables)s.",
                        len(waiting),
                    )
                    % {"count": len(waiting), "tables": describe(waiting)}
                )
                step.actions.append(action)
                return
        elif number == 1 or self.contest.pairing_method == Contest.PairingMethod.DRAW_EVERY_ROUND:
            step.lines.append(_("Tirage au sort (graine affichée, tirage reproductible)."))
        if number > 1 and self.current is not None and not all_done(self.current_progress):
            # Not by ranking: the draw is possible, but the tables first.
            step.actions.append(action)
            return
        self.claim(step, action)


def tie_line(number: int, table: int) -> str:
    """A level bracket match waiting for its winner, in the organiser's words."""
    return _(
        "Égalité à la partie %(n)s, table %(t)s : le tableau ne peut pas avancer tant que "
        "l'équipe qualifiée n'est pas désignée sur sa feuille."
    ) % {"n": number, "t": table}


def cockpit_of(contest: Contest) -> Cockpit:
    """The day's steps of ``contest``, each with its state, and the one next action."""
    b = _Builder(contest)
    phases = b.phases()
    steps = [
        b.registration(),
        *([phases] if phases is not None else []),
        b.draw(),
        b.printing(),
        b.tables(),
        b.standings(),
        b.publication(),
        b.prizes(),
        b.exports(),
    ]
    line = ports.season_line.get()(contest) if contest.season_id is not None else None
    return Cockpit(
        season_line=line.text if line else "",
        season_url=line.url if line else "",
        steps=steps,
        next_action=b.next_action,
        rounds=b.rounds,
        current=b.current,
        draft=b.draft,
        next_number=b.next_number,
        progress=b.progress,
        counts=b.counts,
    )


__all__ = ["Action", "Cockpit", "Step", "cockpit_of", "progress_line"]
