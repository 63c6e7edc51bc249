"""The contest ("concours"): its status, its rules (an engine ruleset, frozen once play
starts) and its format (ranking, tie-breaks, byes, pairing, entry mode).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.messages.codes import TIEBREAK_LABELS
from tournaments.models.clubs import Club


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
    # The season app's model, named by its label: ``tournaments`` never imports ``seasons``
    # (a higher layer); ``contest.season`` is all a lower app needs of it.
    season = models.ForeignKey(
        "seasons.Season", on_delete=models.SET_NULL, null=True, blank=True, related_name="contests"
    )
    name = models.CharField(_("nom"), max_length=160)
    slug = models.SlugField(_("identifiant"), max_length=80)
    date = models.DateField(_("date"))
    venue = models.CharField(_("lieu"), max_length=200, blank=True)
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.DRAFT
    )
    # The engine's Ruleset as JSON (engine.belote.rules.Ruleset.to_json); frozen once round 1 is published.
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
        return [str(TIEBREAK_LABELS.get(name, name)) for name in self.tiebreaks or ()]

    @property
    def public_url(self) -> str:
        """The public home of the contest ("" when the contest is not public)."""
        if not self.is_public:
            return ""
        return reverse(
            "public:contest", kwargs={"club_slug": self.club.slug, "contest_slug": self.slug}
        )
