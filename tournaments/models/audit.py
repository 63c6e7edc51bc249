"""The history of a contest: hand edits of a draft round's draw (``RoundEdit``, kept so they
can be undone) and the journal of every change (``AuditEvent``, written, never edited).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.contests import Contest
from tournaments.models.rounds import Round


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
