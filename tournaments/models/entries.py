"""Who plays in a contest: teams (``Entry``), solo players of a mêlée or mixed contest
(``SoloEntry``) and the replacements of a team's players from a partie on (``Replacement``).
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import Player
from tournaments.models.contests import Contest


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


class SoloEntryQuerySet(models.QuerySet["SoloEntry"]):
    def waiting_for_partner(self) -> SoloEntryQuerySet:
        """Players still alone in a mixed contest: in no formed team, not a volunteer (who only
        completes a table), not withdrawn."""
        return self.filter(
            entry__isnull=True, is_volunteer=False, withdrawn_after_round__isnull=True
        )


class SoloEntry(models.Model):
    """A player registered alone in a mêlée or mixed contest ("joueur seul").

    In a mêlée, partners are drawn at every partie (``services.solo.melee``: the partie's pairs are
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

    objects = SoloEntryQuerySet.as_manager()

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


class Replacement(models.Model):
    """From partie ``from_round`` on, ``incoming`` plays for ``entry`` instead of ``outgoing``.

    Written by ``services.entries.replacements`` (with its required reason, journaled). The team's
    current players stay on :class:`Entry` (``player1`` / ``player2`` hold the incoming player
    from the replacement on), so every page showing the team keeps working; the lineup of an
    earlier partie is the entry's players with the later replacements undone
    (``standings.individual.inputs.lineups_of``), which the individual standings credit.
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
