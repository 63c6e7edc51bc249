"""Clubs, their members and players, seasons, contests, entries (teams) and the replacements of
their players, rounds and tables.

This module owns the organiser's data up to the draw: who plays, in which contest, under which
rules, and who sits at which table in each round ("manche" / "partie"). It must not know about
score sheets or standings (the ``scoring`` app builds on it, never the reverse). Writes go
through ``tournaments.services``; the rules of the data live here in ``Meta`` constraints.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


def name_key(*parts: str) -> str:
    """Accent-, case- and space-insensitive key used to spot duplicate players.

    "Élodie  DUPONT" and "elodie dupont" give the same key.
    """
    text = " ".join(" ".join(p.split()) for p in parts if p)
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return stripped.casefold().replace("-", " ").strip()


class Club(models.Model):
    name = models.CharField(_("nom"), max_length=120)
    slug = models.SlugField(_("identifiant"), max_length=60, unique=True)
    city = models.CharField(_("ville"), max_length=120, blank=True)
    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    @property
    def dashboard_url(self) -> str:
        """The organiser's page of this club (members only; others get 404 there)."""
        return reverse("tournaments:club", kwargs={"club_slug": self.slug})


class Membership(models.Model):
    """A user's role in a club. Access checks read it (``tournaments.access``)."""

    class Role(models.TextChoices):
        ADMIN = "admin", _("administrateur")
        ORGANISER = "organiser", _("organisateur")
        SCORER = "scorer", _("marqueur")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("rôle"), max_length=16, choices=Role.choices)

    class Meta:
        verbose_name = _("adhésion")
        verbose_name_plural = _("adhésions")
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="membership_one_role_per_club"),
            models.CheckConstraint(
                condition=Q(role__in=["admin", "organiser", "scorer"]), name="membership_role_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.club} ({self.get_role_display()})"


class PlayerQuerySet(models.QuerySet["Player"]):
    def registry_of(self, club: Club | int) -> PlayerQuerySet:
        """The players of ``club``'s register: its own (home club) and those it added from
        another club of the instance (``PlayerClub``)."""
        club_id = club if isinstance(club, int) else club.pk
        guests = PlayerClub.objects.filter(club_id=club_id).values("player_id")
        return self.filter(Q(club_id=club_id) | Q(pk__in=guests))


class Player(models.Model):
    """A person in a club's register. Two players with the same name need distinct licences.

    ``club`` is the player's home club (it alone edits or merges the player); other clubs of the
    instance may add the same person to their register (``clubs``, through ``PlayerClub``)
    instead of copying them.
    """

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="players", verbose_name=_("club d'attache")
    )
    clubs: models.ManyToManyField[Club, PlayerClub] = models.ManyToManyField(
        Club,
        through="PlayerClub",
        related_name="registry",
        verbose_name=_("registres des clubs"),
        blank=True,
    )
    first_name = models.CharField(_("prénom"), max_length=80)
    last_name = models.CharField(_("nom"), max_length=80)
    licence = models.CharField(_("numéro de licence"), max_length=40, blank=True)
    name_key = models.CharField(max_length=170, editable=False, db_index=True)
    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("joueur")
        verbose_name_plural = _("joueurs")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "name_key", "licence"], name="player_unique_name_in_club"
            ),
            models.UniqueConstraint(
                fields=["club", "licence"],
                condition=~Q(licence=""),
                name="player_unique_licence_in_club",
            ),
        ]

    def __str__(self) -> str:
        return self.full_name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_key = name_key(self.last_name, self.first_name)
        adding = self._state.adding
        super().save(*args, **kwargs)
        if adding:
            PlayerClub.objects.get_or_create(player=self, club_id=self.club_id)

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


class PlayerClub(models.Model):
    """A player in a club's register: the home club, or a club that added them by licence."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="registrations")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="registrations")
    added_at = models.DateTimeField(_("ajouté le"), auto_now_add=True)

    class Meta:
        verbose_name = _("joueur du registre")
        verbose_name_plural = _("joueurs du registre")
        constraints = [
            models.UniqueConstraint(fields=["player", "club"], name="playerclub_once_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.player} — {self.club}"


class Season(models.Model):
    """A season, a challenge of journées or a circuit: contests ranked together.

    ``club`` owns it (its organisers set the rules, the participant clubs and the final); a
    circuit adds other clubs of the instance (``participants``, through ``SeasonClub``), each
    attaching its own contests. A participant club sees the season's results, never another
    club's entries, players or sheets (``tournaments.access``). ``rules`` are the engine's
    ``SeasonRules.to_json()`` (empty: the default rules); the final and its qualification rule
    (the first K of each contest, then the first K of the season) are optional.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("nom"), max_length=120)
    starts_on = models.DateField(_("début"), null=True, blank=True)
    ends_on = models.DateField(_("fin"), null=True, blank=True)
    rules = models.JSONField(_("règles du classement de la saison"), default=dict, blank=True)
    planned_contests = models.PositiveSmallIntegerField(
        _("nombre de journées prévues"), null=True, blank=True
    )
    # The club ranking counts each club's best K players (0: no club ranking).
    club_best = models.PositiveSmallIntegerField(_("meilleurs joueurs par club"), default=0)
    is_public = models.BooleanField(_("classement visible du public"), default=True)
    participants: models.ManyToManyField[Club, SeasonClub] = models.ManyToManyField(
        Club,
        through="SeasonClub",
        related_name="circuits",
        verbose_name=_("clubs du circuit"),
        blank=True,
    )
    final_contest = models.ForeignKey(
        "Contest",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="final_of_seasons",
        verbose_name=_("finale"),
    )
    qualify_first_of_each = models.PositiveSmallIntegerField(
        _("qualifiés par concours"), null=True, blank=True
    )
    qualify_first_of_season = models.PositiveSmallIntegerField(
        _("qualifiés au classement de la saison"), null=True, blank=True
    )

    class Meta:
        ordering = ["-starts_on", "name"]
        verbose_name = _("saison")
        verbose_name_plural = _("saisons")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_unique_name_in_club"),
            models.CheckConstraint(
                condition=Q(starts_on__isnull=True)
                | Q(ends_on__isnull=True)
                | Q(ends_on__gte=F("starts_on")),
                name="season_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class SeasonClub(models.Model):
    """A club taking part in another club's season (a circuit): it adds its own contests."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="season_memberships")
    added_at = models.DateTimeField(_("ajouté le"), auto_now_add=True)

    class Meta:
        verbose_name = _("club du circuit")
        verbose_name_plural = _("clubs du circuit")
        constraints = [models.UniqueConstraint(fields=["season", "club"], name="seasonclub_once")]

    def __str__(self) -> str:
        return f"{self.season} — {self.club}"


class Contest(models.Model):
    """A contest ("concours"): its rules (an engine ruleset, frozen once play starts) and format."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("brouillon")
        REGISTRATION = "registration", _("inscriptions")
        RUNNING = "running", _("en cours")
        FINISHED = "finished", _("terminé")

    class RankingMethod(models.TextChoices):
        POINTS = "points", _("somme des points")
        WINS_THEN_POINTS = "wins_then_points", _("parties gagnées, puis points")
        MATCH_POINTS = "match_points", _("barème de points de match")

    class ByePolicy(models.TextChoices):
        FIXED = "fixed", _("points fixes")
        HALF_GAME = "half_game", _("moitié d'une partie")
        ROUND_AVERAGE = "round_average", _("moyenne de la partie")

    class WithdrawnRanking(models.TextChoices):
        """Where a team that withdrew goes in the standings of the rounds it no longer plays."""

        LEAVE = "leave", _("retirée du classement")
        RANK_LAST = "rank_last", _("classée dernière")

    class PairingMethod(models.TextChoices):
        DRAW_THEN_RANKING = "draw_then_ranking", _("tirage au sort, puis selon le classement")
        DRAW_EVERY_ROUND = "draw_every_round", _("tirage au sort à chaque partie")
        ROUND_ROBIN = "round_robin", _("toutes rondes")

    class EntryMode(models.TextChoices):
        """How players enter: as fixed pairs, alone with partners drawn at every partie, or both
        (solo players paired for the whole contest before partie 1)."""

        PAIRS = "pairs", _("équipes formées")
        MELEE = "melee", _("mêlée (partenaires tirés à chaque partie)")
        MIXED = "mixed", _("équipes et joueurs seuls")

    class LeftoverPolicy(models.TextChoices):
        """What happens to a solo player left without a partner."""

        VOLUNTEER = "volunteer", _("un partenaire bénévole, dont les points ne comptent pas")
        BYE = "bye", _("exempt, selon la règle de l'exempt")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="contests")
    season = models.ForeignKey(
        Season, on_delete=models.SET_NULL, null=True, blank=True, related_name="contests"
    )
    name = models.CharField(_("nom"), max_length=160)
    slug = models.SlugField(_("identifiant"), max_length=80)
    date = models.DateField(_("date"))
    venue = models.CharField(_("lieu"), max_length=200, blank=True)
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.DRAFT
    )
    # The engine's Ruleset as JSON (engine.rules.Ruleset.to_json); frozen once round 1 is published.
    preset = models.CharField(_("modèle de règles"), max_length=60, blank=True)
    ruleset = models.JSONField(_("règles"), default=dict)
    rules_frozen_at = models.DateTimeField(_("règles figées le"), null=True, blank=True)
    rounds_count = models.PositiveSmallIntegerField(_("nombre de parties"), default=4)
    ranking_method = models.CharField(
        _("classement"),
        max_length=20,
        choices=RankingMethod.choices,
        default=RankingMethod.POINTS,
    )
    # Ordered names of engine.standings tie-break metrics.
    tiebreaks = models.JSONField(_("départages"), default=list, blank=True)
    # Ordered names of engine.individual tie-breaks for the players' ranking (empty: the
    # engine's defaults, best first partie, wins, points conceded).
    individual_tiebreaks = models.JSONField(_("départages individuels"), default=list, blank=True)
    # Match-points barème for RankingMethod.MATCH_POINTS: {"win": 4, "draw": 2, ...}.
    match_points = models.JSONField(_("barème"), default=dict, blank=True)
    bye_policy = models.CharField(
        _("exempt"), max_length=16, choices=ByePolicy.choices, default=ByePolicy.ROUND_AVERAGE
    )
    bye_points = models.PositiveIntegerField(_("points de l'exempt"), default=0)
    # A withdrawn team never receives a prize, whichever is chosen (publishing skips it).
    withdrawn_ranking = models.CharField(
        _("équipe retirée"),
        max_length=12,
        choices=WithdrawnRanking.choices,
        default=WithdrawnRanking.LEAVE,
    )
    pairing_method = models.CharField(
        _("appariement"),
        max_length=20,
        choices=PairingMethod.choices,
        default=PairingMethod.DRAW_THEN_RANKING,
    )
    avoid_same_club = models.BooleanField(_("éviter deux équipes du même club"), default=False)
    is_public = models.BooleanField(_("visible du public"), default=True)
    # The next partie drawn by ranking waits for every sheet of the previous ones to be finished,
    # or, with this, confirmed (services.day_order); the organiser may force it with a reason.
    draw_waits_for_confirmation = models.BooleanField(
        _("tirer la partie suivante seulement quand toutes les feuilles sont confirmées"),
        default=False,
    )
    entry_mode = models.CharField(
        _("inscription"), max_length=8, choices=EntryMode.choices, default=EntryMode.PAIRS
    )
    leftover_policy = models.CharField(
        _("joueur seul restant"),
        max_length=10,
        choices=LeftoverPolicy.choices,
        default=LeftoverPolicy.BYE,
    )
    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("concours")
        verbose_name_plural = _("concours")
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="contest_unique_slug_in_club"),
            models.CheckConstraint(
                condition=Q(rounds_count__gte=1) & Q(rounds_count__lte=30),
                name="contest_rounds_count_range",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["draft", "registration", "running", "finished"]),
                name="contest_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        """The organiser's page of the contest."""
        return reverse(
            "tournaments:contest", kwargs={"club_slug": self.club.slug, "contest_id": self.pk}
        )

    @property
    def rules_frozen(self) -> bool:
        return self.rules_frozen_at is not None

    @property
    def tiebreak_labels(self) -> list[str]:
        """The contest's tie-breaks in their order, in French ("différence de points"...)."""
        from tournaments.messages import TIEBREAK_LABELS

        return [str(TIEBREAK_LABELS.get(name, name)) for name in self.tiebreaks or ()]

    @property
    def public_url(self) -> str:
        """The public home of the contest ("" when the contest is not public)."""
        if not self.is_public:
            return ""
        return reverse(
            "public:contest", kwargs={"club_slug": self.club.slug, "contest_slug": self.slug}
        )


class Entry(models.Model):
    """A team of two players registered in a contest ("équipe", "doublette")."""

    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveIntegerField(_("numéro"))
    name = models.CharField(_("nom d'équipe"), max_length=120, blank=True)
    player1 = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("joueur 1")
    )
    player2 = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("joueur 2")
    )
    paid = models.BooleanField(_("payé"), default=False)
    checked_in = models.BooleanField(_("pointé"), default=False)
    joined_at_round = models.PositiveSmallIntegerField(_("entre à la partie"), default=1)
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("retiré après la partie"), null=True, blank=True
    )
    # The team's home club when it differs from the organising club ("club d'origine"): the
    # pairing keeps two teams of the same home club apart when the contest asks for it.
    home_club = models.CharField(_("club d'origine"), max_length=120, blank=True)
    # Drawn once at registration; the "tirage au sort" tie-break reads it.
    lot = models.PositiveIntegerField(_("tirage"), default=0)
    # A mêlée's pair of one partie (partners drawn for that partie only): not a team of the
    # contest's team standings, its players are ranked individually. None: a fixed pair.
    formed_for_round = models.PositiveSmallIntegerField(
        _("paire de la partie"), null=True, blank=True
    )
    # player2 is a volunteer lent to a solo player: he plays, his points do not count.
    player2_is_volunteer = models.BooleanField(_("partenaire bénévole"), default=False)
    created_at = models.DateTimeField(_("inscrit le"), auto_now_add=True)

    class Meta:
        ordering = ["contest", "number"]
        verbose_name = _("équipe")
        verbose_name_plural = _("équipes")
        constraints = [
            models.UniqueConstraint(fields=["contest", "number"], name="entry_unique_number"),
            models.CheckConstraint(
                condition=~Q(player1=F("player2")), name="entry_two_different_players"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="entry_number_positive"),
            models.CheckConstraint(
                condition=Q(joined_at_round__gte=1), name="entry_joined_round_positive"
            ),
            models.CheckConstraint(
                condition=Q(withdrawn_after_round__isnull=True)
                | Q(withdrawn_after_round__gte=F("joined_at_round") - 1),
                name="entry_withdrawn_after_joining",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        if self.formed_for_round is not None:  # a mêlée's pair: the players are who they look for
            return f"{self.number}. {self.player1.full_name} – {self.player2.full_name}"
        if self.name:
            return f"{self.number}. {self.name}"
        return f"{self.number}. {self.player1.last_name} – {self.player2.last_name}"

    def is_active_in(self, round_number: int) -> bool:
        """Plays in that round: joined by then and not withdrawn before it."""
        if round_number < self.joined_at_round:
            return False
        return self.withdrawn_after_round is None or round_number <= self.withdrawn_after_round


class SoloEntry(models.Model):
    """A player registered alone in a mêlée or mixed contest ("joueur seul").

    In a mêlée, partners are drawn at every partie (``services.melee``: the partie's pairs are
    ``Entry`` rows with ``formed_for_round``). In a mixed contest, two solo players are paired
    for the whole contest before partie 1 (``entry``, a fixed ``Entry``). ``is_volunteer``: a
    volunteer who plays only to complete a table, his points count for nobody.
    """

    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="solo_entries")
    number = models.PositiveIntegerField(_("numéro"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("joueur")
    )
    paid = models.BooleanField(_("payé"), default=False)
    checked_in = models.BooleanField(_("pointé"), default=False)
    joined_at_round = models.PositiveSmallIntegerField(_("entre à la partie"), default=1)
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("retiré après la partie"), null=True, blank=True
    )
    is_volunteer = models.BooleanField(_("bénévole"), default=False)
    # Mixed contests: the fixed pair this player was put in before partie 1.
    entry = models.ForeignKey(
        Entry,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="solo_players",
        verbose_name=_("équipe formée"),
    )
    lot = models.PositiveIntegerField(_("tirage"), default=0)
    created_at = models.DateTimeField(_("inscrit le"), auto_now_add=True)

    class Meta:
        ordering = ["contest", "number"]
        verbose_name = _("joueur seul")
        verbose_name_plural = _("joueurs seuls")
        constraints = [
            models.UniqueConstraint(fields=["contest", "number"], name="solo_unique_number"),
            models.UniqueConstraint(fields=["contest", "player"], name="solo_player_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="solo_number_positive"),
            models.CheckConstraint(
                condition=Q(joined_at_round__gte=1), name="solo_joined_round_positive"
            ),
            models.CheckConstraint(
                condition=Q(withdrawn_after_round__isnull=True)
                | Q(withdrawn_after_round__gte=F("joined_at_round") - 1),
                name="solo_withdrawn_after_joining",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.player.full_name}"

    def is_active_in(self, round_number: int) -> bool:
        """Plays in that round: joined by then and not withdrawn before it."""
        if round_number < self.joined_at_round:
            return False
        return self.withdrawn_after_round is None or round_number <= self.withdrawn_after_round


class Phase(models.Model):
    """One phase of a contest in phases (pools, then a main bracket and a consolante…).

    A contest without phases is one implicit Swiss phase, exactly as before. ``rules_overrides``
    are engine ``Ruleset`` options (game end, score caps, match of several games, time's-up)
    that the parties of this phase play instead of the contest's; a partie's own overrides
    come on top (``tournaments.adapters.round_ruleset``).
    """

    class Kind(models.TextChoices):
        SWISS = "swiss", _("parties selon le classement")
        DRAW = "draw", _("tirage à chaque partie")
        POOLS = "pools", _("poules (toutes rondes)")
        KNOCKOUT = "knockout", _("tableau à élimination directe")
        CONSOLANTE = "consolante", _("consolante")
        REPECHAGE = "repechage", _("repêchage")

    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="phases")
    number = models.PositiveSmallIntegerField(_("ordre"))
    kind = models.CharField(_("type"), max_length=12, choices=Kind.choices)
    name = models.CharField(_("nom"), max_length=80, blank=True)
    rounds_count = models.PositiveSmallIntegerField(_("nombre de parties"), default=1)
    # The phase's own settings (pool size, seeding, bracket size, placement matches…) and its
    # qualification rule from the previous phase, as plain JSON checked by services/phases.
    settings = models.JSONField(_("réglages"), default=dict, blank=True)
    qualification = models.JSONField(_("qualification"), default=dict, blank=True)
    rules_overrides = models.JSONField(_("format des parties"), default=dict, blank=True)
    # What was drawn when the phase started (services/phases): its entrants in seed order, the
    # seed of its draw and its "why" report; empty until then. The pools and brackets are
    # rebuilt from it by the engine, deterministically, with the results.
    state = models.JSONField(_("tirage de la phase"), default=dict, blank=True)

    class Meta:
        ordering = ["contest", "number"]
        verbose_name = _("phase")
        verbose_name_plural = _("phases")
        constraints = [
            models.UniqueConstraint(fields=["contest", "number"], name="phase_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="phase_number_positive"),
        ]

    def __str__(self) -> str:
        return self.name or str(self.get_kind_display())


class Round(models.Model):
    """One round ("manche", "partie") of a contest: its draw, then its games."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("brouillon")
        PUBLISHED = "published", _("publiée")
        CLOSED = "closed", _("close")

    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("numéro"))
    phase = models.ForeignKey(
        Phase,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="rounds",
        verbose_name=_("phase"),
    )
    # This partie's own format (engine Ruleset options over the contest's and its phase's).
    rules_overrides = models.JSONField(_("format de la partie"), default=dict, blank=True)
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.DRAFT
    )
    method = models.CharField(_("méthode"), max_length=20, blank=True)
    seed = models.BigIntegerField(_("graine du tirage"), null=True, blank=True)
    # The pairing's "why" report (engine.pairing report items as JSON).
    report = models.JSONField(_("rapport d'appariement"), default=list, blank=True)
    published_at = models.DateTimeField(_("publiée le"), null=True, blank=True)
    # What the public may see of this round (publishing is decided per round).
    show_draw = models.BooleanField(_("tirage public"), default=False)
    show_results = models.BooleanField(_("résultats publics"), default=False)
    show_standings = models.BooleanField(_("classement public"), default=False)
    # The clock of a timed partie (``tournaments.services.clock`` writes it and computes the
    # time left): its duration, when it started, when it was paused (None while running),
    # the seconds spent paused before, and the minutes added by the organiser.
    clock_minutes = models.PositiveSmallIntegerField(_("durée (minutes)"), null=True, blank=True)
    clock_started_at = models.DateTimeField(_("chrono lancé le"), null=True, blank=True)
    clock_paused_at = models.DateTimeField(_("chrono en pause depuis"), null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(_("secondes de pause"), default=0)
    clock_extra_minutes = models.PositiveSmallIntegerField(_("minutes ajoutées"), default=0)

    class Meta:
        ordering = ["contest", "number"]
        verbose_name = _("partie")
        verbose_name_plural = _("parties")
        constraints = [
            models.UniqueConstraint(fields=["contest", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(status__in=["draft", "published", "closed"]), name="round_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.contest} — partie {self.number}"


class Table(models.Model):
    """A table of a round: two entries, or one entry with a bye ("exempt")."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField(_("table"))
    # RESTRICT, not PROTECT: a team seated at a table cannot be deleted on its own, but deleting
    # the whole contest (admin, archive restore) deletes its rounds, tables and teams together.
    entry_a = models.ForeignKey(
        Entry, on_delete=models.RESTRICT, related_name="tables_as_a", verbose_name=_("équipe A")
    )
    entry_b = models.ForeignKey(
        Entry,
        on_delete=models.RESTRICT,
        related_name="tables_as_b",
        null=True,
        blank=True,
        verbose_name=_("équipe B"),
    )
    # The numbers this table had before the organiser moved it (a table taken out of service,
    # ``services.plan_changes``): a QR code printed with an old number still opens its sheet.
    former_numbers = models.JSONField(_("anciens numéros"), default=list, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
            models.UniqueConstraint(fields=["round", "entry_a"], name="table_entry_a_once"),
            models.UniqueConstraint(fields=["round", "entry_b"], name="table_entry_b_once"),
            models.CheckConstraint(condition=~Q(entry_a=F("entry_b")), name="table_two_teams"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} — table {self.number}"

    @property
    def is_bye(self) -> bool:
        return self.entry_b_id is None


class SoloBye(models.Model):
    """A solo player who sits out a mêlée partie ("exempt"): a bye of one, credited by the
    contest's bye policy in the individual standings (no table, no score sheet)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="solo_byes")
    solo = models.ForeignKey(
        SoloEntry, on_delete=models.RESTRICT, related_name="byes", verbose_name=_("joueur")
    )

    class Meta:
        ordering = ["round", "solo"]
        verbose_name = _("exempt de la partie")
        verbose_name_plural = _("exempts de la partie")
        constraints = [
            models.UniqueConstraint(fields=["round", "solo"], name="solo_bye_once_per_round")
        ]

    def __str__(self) -> str:
        return f"{self.round} — {self.solo}"


class RoundEdit(models.Model):
    """One hand edit of a draft round's draw (a swap or a move), kept so it can be undone.

    ``before`` and ``after`` are the whole layout of the round's tables as
    ``[[table number, entry_a id, entry_b id or null], ...]``: undoing the last edit restores
    ``before`` and deletes the edit. A redraw or publication clears the edits of the round.
    """

    class Kind(models.TextChoices):
        SWAP = "swap", _("échange de deux équipes")
        MOVE = "move", _("déplacement d'une équipe")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="edits")
    sequence = models.PositiveIntegerField(_("ordre"))
    kind = models.CharField(_("type"), max_length=8, choices=Kind.choices)
    description = models.CharField(_("description"), max_length=300)
    warnings = models.JSONField(_("avertissements"), default=list, blank=True)
    before = models.JSONField(_("avant"))
    after = models.JSONField(_("après"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("le"), auto_now_add=True)

    class Meta:
        ordering = ["round", "sequence"]
        verbose_name = _("modification du tirage")
        verbose_name_plural = _("modifications du tirage")
        constraints = [
            models.UniqueConstraint(fields=["round", "sequence"], name="round_edit_unique_seq"),
            models.CheckConstraint(
                condition=Q(kind__in=["swap", "move"]), name="round_edit_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} — {self.description}"


class AuditEvent(models.Model):
    """One change to a contest: who, when, what, before and after. Written, never edited.

    Services record events through ``tournaments.audit.record``; nothing in the UI edits or
    deletes them (the admin is read-only), so the organiser's log of a contest is trustworthy.
    """

    # Indexes cost every write (one event per deal entered): the contest's log is served by
    # ``audit_contest_recent`` (whose first column also serves the foreign key), the admin's
    # list by ``created_at``; the action is filtered within a contest's events only.
    contest = models.ForeignKey(
        Contest, on_delete=models.CASCADE, related_name="audit_events", db_index=False
    )
    created_at = models.DateTimeField(_("le"), auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("par"),
    )
    # Who acted when there is no account: "table 4 (lien de table)", "système"…
    actor_label = models.CharField(_("auteur"), max_length=120, blank=True)
    action = models.CharField(_("action"), max_length=48)
    target_type = models.CharField(_("objet"), max_length=48, blank=True)
    target_id = models.BigIntegerField(_("identifiant"), null=True, blank=True)
    target_repr = models.CharField(_("désignation"), max_length=200, blank=True)
    before = models.JSONField(_("avant"), null=True, blank=True)
    after = models.JSONField(_("après"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("événement du journal")
        verbose_name_plural = _("journal des modifications")
        indexes = [models.Index(fields=["contest", "-created_at"], name="audit_contest_recent")]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M:%S} {self.action} {self.target_repr}"


class Replacement(models.Model):
    """From partie ``from_round`` on, ``incoming`` plays for ``entry`` instead of ``outgoing``.

    Written by ``services.replacements`` (with its required reason, journaled). The team's
    current players stay on :class:`Entry` (``player1`` / ``player2`` hold the incoming player
    from the replacement on), so every page showing the team keeps working; the lineup of an
    earlier partie is the entry's players with the later replacements undone
    (``standings.individual_inputs.lineups_of``), which the individual standings credit.
    """

    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="replacements", verbose_name=_("équipe")
    )
    from_round = models.PositiveSmallIntegerField(_("à partir de la partie"))
    outgoing = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("joueur remplacé")
    )
    incoming = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("remplaçant")
    )
    reason = models.CharField(_("motif"), max_length=200)
    created_at = models.DateTimeField(_("enregistré le"), auto_now_add=True)

    class Meta:
        ordering = ["entry", "from_round"]
        verbose_name = _("remplacement")
        verbose_name_plural = _("remplacements")
        constraints = [
            # One change of lineup per partie and team: a second one is a correction of the
            # first, refused by the service rather than stacked.
            models.UniqueConstraint(
                fields=["entry", "from_round"], name="replacement_one_per_partie"
            ),
            models.CheckConstraint(
                condition=Q(from_round__gte=2), name="replacement_from_partie_two"
            ),
            models.CheckConstraint(
                condition=~Q(outgoing=F("incoming")), name="replacement_two_players"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.incoming_id} ← {self.outgoing_id} ({self.from_round})"

