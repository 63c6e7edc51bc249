"""A player replaced in a fixed pair during the contest (:class:`Replacement`).

What it owns: the record "from partie N, ``incoming`` plays instead of ``outgoing`` in this
team", written by ``tournaments.services.replacements`` (with its required reason, journaled).
The team's current players stay on :class:`~tournaments.models.Entry` (``player1`` /
``player2`` hold the incoming player from the replacement on), so every page that shows the
team keeps working; the lineup of an earlier partie is the entry's players with the later
replacements undone (``tournaments.adapters.lineups``), which is what the individual standings
credit.

What it must not do: compute anything or write itself (the service does). Imported at the end
of ``tournaments.models`` so that Django registers it with the app's other models.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, Player


class Replacement(models.Model):
    """From partie ``from_round`` on, ``incoming`` plays for ``entry`` instead of ``outgoing``."""

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


__all__ = ["Replacement"]
