"""The stored season standings: one snapshot per season, rebuilt by ``standings.seasons``.

:class:`SeasonSnapshot` holds what the season pages show, already ranked by the engine
(``engine.seasons``): the entrants' rows (a player or a pair, with their contest lines), the
club ranking, the contests counted, the engine's report items (codes and params, translated
when shown) and the fingerprint of the inputs (same inputs, same fingerprint: a rebuild that
finds it unchanged writes nothing). Only final results of the contests are stored here, never
their entries or sheets: this is all a circuit's clubs share. No computation, no access rule.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Season

__all__ = ["SeasonSnapshot"]


class SeasonSnapshot(models.Model):
    """A season's standings as of its last rebuild.

    ``rows``: dicts best first — ``rank`` (None below the attendance minimum), ``shared``,
    ``players`` (ids), ``names``, ``clubs``, ``value`` (divide by ``value_divisor`` to show),
    ``points``, ``score``, ``wins``, ``played``, ``attended``, ``best_place``, ``eligible``,
    ``prize_eligible``, ``lines`` (per contest: ``contest``, ``rank``, ``value``, ``counted``).
    ``clubs``: ``rank``, ``club``, ``name``, ``value``, ``players`` (names). ``contests``: the
    season's contests by date (``id``, ``name``, ``date``, ``club``, ``kind``, ``counted``:
    False when no standings of it are public yet). ``report``: ``{code, params}`` items.
    ``error``: the code of an engine refusal (the rows are then empty).
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
        verbose_name = _("classement de saison")
        verbose_name_plural = _("classements de saison")

    def __str__(self) -> str:
        return f"{self.season_id} ({len(self.rows)})"
