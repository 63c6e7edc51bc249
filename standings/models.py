"""Standings snapshots: what the standings service leaves behind for the public pages.

* :class:`StandingsState`: one row per contest holding ``results_version``, bumped inside the
  score-entry transaction (``standings.events`` listens to ``scoring.signals.results_changed``).
  A snapshot records the version it was built from (``source_version``): ``results_version >
  source_version`` means "stale", and the periodic reconciliation
  (``standings.tasks.reconcile_standings``) looks for exactly that.
* :class:`StandingsSnapshot`: the ranked rows of a contest as of a partie, as the engine
  computed them, with each team's number and name. Public pages read them and never compute.

No computation here (``engine.standings`` ranks, ``standings.services`` stores) and no access
rule. The tables keep the names they had in the ``scoring`` app (``db_table``): the models moved
with a state-only migration.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from standings.storage.fields import RowsField
from tournaments.models import Contest

__all__ = ["StandingsSnapshot", "StandingsState"]


class StandingsState(models.Model):
    """Per-contest versions: results changed (bumped by score entry) and standings built."""

    contest = models.OneToOneField(
        Contest,
        on_delete=models.CASCADE,
        related_name="standings_state",
        verbose_name=_("concours"),
    )
    # +1 in the score-entry transaction each time a result of the contest changes.
    results_version = models.PositiveBigIntegerField(_("version des résultats"), default=0)
    results_changed_at = models.DateTimeField(_("résultats modifiés le"), null=True, blank=True)

    class Meta:
        db_table = "scoring_standingsstate"
        verbose_name = _("état du classement")
        verbose_name_plural = _("états des classements")

    def __str__(self) -> str:
        return f"{self.contest_id}: {self.results_version}"


class StandingsSnapshot(models.Model):
    """The contest's standings as of a round, as stored by ``standings.services.rebuild``.

    ``rows`` is a list of dicts, best first: ``rank``, ``shared``, ``entry`` (Entry pk),
    ``number``, ``name``, ``players``, the engine's counters (``played``, ``wins``, ``draws``,
    ``losses``, ``byes``, ``forfeits_won``, ``forfeits_lost``, ``points_for``,
    ``points_against``, ``difference``, ``match_points``, ``best_game``), ``tiebreaks`` (values
    in the order of ``config["tiebreaks"]``), ``withdrawn`` (a team ranked last because it
    withdrew; under the contest's other rule it has no row). The rank over rounds is computed
    on demand (``standings.rebuild.rank_history``). ``individual_rows`` rank the players of the
    same results (``standings.individual.ranking.row_dict``), ``individual_config`` says how.
    Both row lists are stored as columns and values (``standings.storage.fields.RowsField``) and
    read back as lists of dicts.
    """

    contest = models.ForeignKey(
        Contest,
        on_delete=models.CASCADE,
        related_name="standings_snapshots",
        verbose_name=_("concours"),
    )
    # Rows count the results of rounds 1..as_of_round (0: before any result).
    as_of_round = models.PositiveSmallIntegerField(_("après la partie"))
    # False: a placeholder written by the last build for a round it did not compute.
    is_valid = models.BooleanField(_("calculé"), default=True)
    # The last round whose standings were public when this was built (0: none): a visibility
    # changed elsewhere is noticed by comparing it with the rounds' flags.
    public_round = models.PositiveSmallIntegerField(_("partie publique au calcul"), default=0)
    rows = RowsField(_("lignes"), default=list)
    # The players' ranking of the same results (``standings.individual.ranking``): every player
    # credited with his pair's result for the parties he played; [] before any result.
    individual_rows = RowsField(_("classement individuel"), default=list, blank=True)
    # engine.individual.IndividualConfig.to_json(), or {"error": code} when it was refused.
    individual_config = models.JSONField(_("règles du classement individuel"), default=dict)
    players_count = models.PositiveIntegerField(_("joueurs"), default=0)
    config = models.JSONField(_("règles de classement"), default=dict)
    teams_count = models.PositiveIntegerField(_("équipes"), default=0)
    results_count = models.PositiveIntegerField(_("résultats"), default=0)
    # The results_version read before the results: the rows hold at least those results.
    source_version = models.PositiveBigIntegerField(_("version des résultats"), default=0)
    # sha256 of everything the rows were computed from: same inputs, same fingerprint.
    fingerprint = models.CharField(_("empreinte"), max_length=64)
    computed_at = models.DateTimeField(_("calculé le"))

    class Meta:
        db_table = "scoring_standingssnapshot"
        ordering = ["contest", "-as_of_round"]
        verbose_name = _("classement calculé")
        verbose_name_plural = _("classements calculés")
        constraints = [
            models.UniqueConstraint(
                fields=["contest", "as_of_round"], name="standings_snapshot_one_per_round"
            ),
            models.CheckConstraint(
                condition=Q(is_valid=True) | Q(teams_count=0), name="standings_placeholder_empty"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.contest_id} après la partie {self.as_of_round}"
