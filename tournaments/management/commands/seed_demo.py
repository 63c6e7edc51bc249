"""``manage.py seed_demo``: load a demonstration club and contest, idempotently.

The contest is created through ``tournaments.services`` from the typical club preset (a real
engine ruleset stored as JSON: 4 parties of 12 donnes), with 24 teams checked in, and its
round 1 drawn (fixed seed, so the demo is the same everywhere) and published, which freezes
its rules. Running it twice changes nothing the second time. It prints the demo organiser's
login.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments import services
from tournaments.models import Club, Contest, Entry, Membership, Player, Round

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "belote-demo-2026"
DEMO_TEAMS = 24
DEMO_SEED = 20261128

# Forty-eight invented names, common in French villages.
FIRST_NAMES = [
    "Jean",
    "Marie",
    "Pierre",
    "Monique",
    "Michel",
    "Françoise",
    "André",
    "Jacqueline",
    "Bernard",
    "Colette",
    "Gérard",
    "Josette",
    "René",
    "Odette",
    "Claude",
    "Simone",
    "Robert",
    "Yvette",
    "Marcel",
    "Germaine",
    "Roger",
    "Huguette",
    "Henri",
    "Paulette",
]
LAST_NAMES = [
    "Martin",
    "Bernard",
    "Dubois",
    "Thomas",
    "Robert",
    "Richard",
    "Petit",
    "Durand",
    "Leroy",
    "Moreau",
    "Simon",
    "Laurent",
    "Lefèvre",
    "Michel",
    "Garcia",
    "David",
    "Bertrand",
    "Roux",
    "Vincent",
    "Fournier",
    "Morel",
    "Girard",
    "André",
    "Lefebvre",
]


class Command(BaseCommand):
    help = "Charge un club, ses joueurs et un concours de démonstration (idempotent)."

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        club, _ = Club.objects.get_or_create(
            slug="saint-aubin",
            defaults={"name": "Belote Club de Saint-Aubin", "city": "Saint-Aubin"},
        )
        # The seasons app's model, through the club's reverse accessor (no import of a higher app).
        season, _ = club.seasons.get_or_create(
            name="Saison 2026-2027",
            defaults={
                "starts_on": datetime.date(2026, 9, 1),
                "ends_on": datetime.date(2027, 6, 30),
            },
        )
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(
            username=DEMO_USERNAME, defaults={"first_name": "Démo", "last_name": "Organisateur"}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        Membership.objects.get_or_create(
            user=user, club=club, defaults={"role": Membership.Role.ORGANISER}
        )

        players = []
        for index in range(DEMO_TEAMS * 2):
            first = FIRST_NAMES[index % len(FIRST_NAMES)]
            # Past the first round of names, shift the surname by one: no two demo players
            # share a first and last name (no homonym trap in the demo's register).
            last = LAST_NAMES[(index * 7 + index // len(FIRST_NAMES)) % len(LAST_NAMES)]
            licence = f"D{index + 1:05d}"
            player, _ = Player.objects.get_or_create(
                club=club, licence=licence, defaults={"first_name": first, "last_name": last}
            )
            players.append(player)

        contest = Contest.objects.filter(club=club, slug="concours-d-automne").first()
        if contest is None:
            contest = services.create_contest(
                club,
                {
                    "name": "Concours d'automne",
                    "slug": "concours-d-automne",
                    "season": season,
                    "date": datetime.date(2026, 11, 28),
                    "venue": "Salle des fêtes",
                    "is_public": True,
                    "preset": "club_contest",
                    "rule_options": {},
                    "rounds_count": 4,
                    "ranking_method": Contest.RankingMethod.POINTS,
                    "tiebreaks": ["best_game", "first_game", "lot"],
                    "bye_policy": Contest.ByePolicy.ROUND_AVERAGE,
                    "pairing_method": Contest.PairingMethod.DRAW_THEN_RANKING,
                },
            )
        for number in range(1, DEMO_TEAMS + 1):
            Entry.objects.get_or_create(
                contest=contest,
                number=number,
                defaults={
                    "player1": players[2 * number - 2],
                    "player2": players[2 * number - 1],
                    "paid": number % 5 != 0,
                    "checked_in": True,
                    "lot": (number * 7919) % 10007,
                },
            )

        if not contest.rounds.exists():
            round_ = services.generate_round(contest, seed=DEMO_SEED)
            services.publish_round(round_)
        round_one = contest.rounds.get(number=1)
        if round_one.status == Round.Status.DRAFT:
            services.publish_round(round_one)

        self.stdout.write(self.style.SUCCESS(f"Démo prête : {club.name}, « {contest.name} »."))
        self.stdout.write(
            f"Connexion organisateur : identifiant « {DEMO_USERNAME} », "
            f"mot de passe « {DEMO_PASSWORD} »"
        )
