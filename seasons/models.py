"""The season's data: the season itself, a circuit's other clubs, its stored standings.

* :class:`Season`: a season, a challenge of journées or a circuit; its rules, its final and
  qualification rule. The season's contests point to it (``Contest.season``).
* :class:`SeasonClub`: a club taking part in another club's season (a circuit).
* :class:`SeasonSnapshot`: the season's standings as of its last rebuild
  (``seasons.standings.rebuild``), what every season page shows.

The three models moved here from ``tournaments`` and ``standings`` with a state-only migration:
their tables keep their names (``db_table``) and their rows. No computation, no access rule
(``seasons.access``); writes go through ``seasons.services``.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Contest

__all__ = ["Season", "SeasonClub", "SeasonSnapshot"]


class Season(models.Model):
    """A season, a challenge of journées or a circuit: contests ranked together.

    ``club`` owns it (its organisers set the rules, the participant clubs and the final); a
    circuit adds other clubs of the instance (``participants``, through ``SeasonClub``), each
    attaching its own contests. A participant club sees the season's results, never another
    club's entries, players or sheets (``seasons.access``). ``rules`` are the engine's
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
        Contest,
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
        db_table = "tournaments_season"
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
        db_table = "tournaments_seasonclub"
        verbose_name = _("club du circuit")
        verbose_name_plural = _("clubs du circuit")
        constraints = [models.UniqueConstraint(fields=["season", "club"], name="seasonclub_once")]

    def __str__(self) -> str:
        return f"{self.season} — {self.club}"


class SeasonSnapshot(models.Model):
    """A season's standings as of its last rebuild.

    ``rows``: dicts best first — ``rank`` (None below the attendance minimum), ``shared``,
    ``players`` (ids), ``names``, ``clubs``, ``value`` (divide by ``value_divisor`` to show),
    ``points``, ``score``, ``wins``, ``played``, ``attended``, ``best_place``, ``eligible``,
    ``prize_eligible``, ``lines`` (per contest: ``contest``, ``rank``, ``value``, ``counted``).
    ``clubs``: ``rank``, ``club``, ``name``, ``value``, ``players`` (names). ``contests``: the
    season's contests by date (``id``, ``name``, ``date``, ``club``, ``kind``, ``counted``:
    False when no standings of it are public yet). ``report``: ``{code, params}`` items.
    ``error``: the code of an engine refusal (the rows are then empty). Only final results of
    the contests are stored here, never their entries or sheets: this is all a circuit's clubs
    share.
    """

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, related_name="snapshot", verbose_name=_("saison")
    )
    credit = models.CharField(_("crédit"), max_length=8, default="player")
    value_divisor = models.PositiveIntegerField(_("diviseur"), default=1)
    rows = models.JSONField(_("lignes"), default=list)
    clubs = models.JSONField(_("classement des clubs"), default=list)
    contests = models.JSONField(_("concours"), default=list)
    report = models.JSONField(_("rapport"), default=list)
    error = models.CharField(_("erreur"), max_length=60, blank=True)
    fingerprint = models.CharField(_("empreinte"), max_length=64)
    computed_at = models.DateTimeField(_("calculé le"))

    class Meta:
        db_table = "standings_seasonsnapshot"
        verbose_name = _("classement de saison")
        verbose_name_plural = _("classements de saison")

    def __str__(self) -> str:
        return f"{self.season_id} ({len(self.rows)})"
