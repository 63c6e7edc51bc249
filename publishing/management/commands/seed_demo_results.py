"""``manage.py seed_demo_results``: play the demo contest to the end, idempotently.

Run after ``seed_demo`` (which creates the demo club, its 24 teams and round 1). Every round of
the demo contest is drawn and published through ``tournaments.services`` (round 1 at random,
then by ranking, no rematch), every table's twelve deals are entered through
``scoring.services.record_deal`` (the engine scores them) and confirmed by the organiser, each
round's draw, results and standings are published through ``publishing.services`` (which
rebuilds the standings), and the contest is closed. A newcomer opening ``make run`` sees a
finished 4-round contest with its final standings.

Deals are drawn from a fixed seed, so the demo is the same everywhere. Running the command again
changes nothing: drawn rounds, entered deals and confirmed sheets are left as they are, and an
interrupted run resumes where it stopped.
"""

from __future__ import annotations

import random
import uuid
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from publishing import services as publishing
from scoring import services as scoring_services
from scoring.adapters import DealFacts
from scoring.models import DealRecord, ScoreSheet
from tournaments import services as tournaments_services
from tournaments.models import Contest, Round

DEMO_CLUB = "saint-aubin"
DEMO_CONTEST = "concours-d-automne"
DEMO_USERNAME = "demo"
SEED = 20261128
TRUMPS = ("hearts", "diamonds", "clubs", "spades")
# A stable namespace for the deals' client ids: re-running finds the deals it entered.
CLIENT_NAMESPACE = uuid.UUID("6b1f3c1e-8d2a-4f5e-9a7b-3c4d5e6f7a8b")


def deal_facts(rng: random.Random) -> DealFacts:
    """A plausible classic deal: mostly made contracts, some dedans, a rare capot."""
    taker = rng.choice(("a", "b"))
    roll = rng.random()
    if roll < 0.04:
        return DealFacts(taker=taker, trump=rng.choice(TRUMPS), taker_points=162, capot_team=taker)
    points = rng.randint(40, 80) if roll < 0.22 else rng.randint(82, 152)
    belote = rng.choice(("", "", "", "a", "b"))
    return DealFacts(taker=taker, trump=rng.choice(TRUMPS), taker_points=points, belote_team=belote)


class Command(BaseCommand):
    help = (
        "Joue le concours de démonstration jusqu'au bout (tirages, donnes, confirmations, "
        "publication du classement), sans rien changer s'il est déjà terminé."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        contest = (
            Contest.objects.select_related("club")
            .filter(club__slug=DEMO_CLUB, slug=DEMO_CONTEST)
            .first()
        )
        if contest is None:
            raise CommandError(
                "Le concours de démonstration n'existe pas : lancez d'abord « manage.py seed_demo »."
            )
        user = get_user_model().objects.filter(username=DEMO_USERNAME).first()
        deals = 0
        for number in range(1, contest.rounds_count + 1):
            round_ = self._round(contest, number)
            deals += self._play(round_, user)
            if not (round_.show_draw and round_.show_results and round_.show_standings):
                publishing.set_visibility(
                    round_, show_draw=True, show_results=True, show_standings=True
                )
        contest.refresh_from_db()
        if contest.status == Contest.Status.RUNNING:
            tournaments_services.finish_contest(contest)
        publishing.rebuild_now(contest)  # a no-op write when nothing changed
        self.stdout.write(
            self.style.SUCCESS(
                f"Démo jouée : « {contest.name} », {contest.rounds_count} parties, "
                f"{deals} donne(s) saisie(s) par cette exécution, classement publié."
            )
        )

    def _round(self, contest: Contest, number: int) -> Round:
        round_ = contest.rounds.filter(number=number).first()
        if round_ is None:
            round_ = tournaments_services.generate_round(contest, seed=SEED + number)
        if round_.status == Round.Status.DRAFT:
            round_ = tournaments_services.publish_round(round_)
        return round_

    def _play(self, round_: Round, user: Any) -> int:
        """Enter and confirm every game of the round; returns the number of deals entered."""
        scoring_services.ensure_round_sheets(round_, user=user)
        entered = 0
        sheets = ScoreSheet.objects.filter(
            table__round=round_, kind=ScoreSheet.Kind.DEALS
        ).select_related("table")
        for sheet in sheets.order_by("table__number"):
            rng = random.Random(SEED * 1000 + round_.number * 100 + sheet.table.number)
            number = 0
            while sheet.status == ScoreSheet.Status.OPEN:
                number += 1
                facts = deal_facts(rng)
                client_id = uuid.uuid5(
                    CLIENT_NAMESPACE,
                    f"{round_.contest_id}:{round_.number}:{sheet.table.number}:{number}",
                )
                if DealRecord.objects.filter(sheet=sheet, client_id=client_id).exists():
                    sheet.refresh_from_db()
                    continue
                with transaction.atomic():
                    written = scoring_services.record_deal(
                        sheet.pk,
                        facts,
                        version=None,
                        client_id=client_id,
                        user=user,
                        source=DealRecord.Source.ORGANISER,
                    )
                sheet = written.sheet
                entered += 1
            if sheet.status == ScoreSheet.Status.FINISHED:
                scoring_services.confirm_sheet(sheet.pk, version=None, user=user, organiser=True)
        return entered
