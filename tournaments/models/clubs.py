"""Clubs, their members' roles and their players' register.

This module owns who belongs to a club (``Membership``, read by ``tournaments.access``), the
players of a club's register (their home club, and the other clubs that added them through
``PlayerClub``) and the accent-insensitive ``name_key`` that spots duplicate players.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:  # the seasons app's model, above this app: a type only, never imported
    from seasons.models import Season


def name_key(*parts: str) -> str:
    """Accent-, case- and space-insensitive key used to spot duplicate players.

    "Élodie  DUPONT" and "elodie dupont" give the same key.
    """
    text = " ".join(" ".join(p.split()) for p in parts if p)
    # ASCII has nothing to decompose nor any combining mark: the same key without the walk
    # over its characters (a rebuild sorts a thousand players' names by it).
    if not text.isascii():
        decomposed = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in decomposed if not unicodedata.combining(c))
    return text.casefold().replace("-", " ").strip()


# The prefixes of the organiser apps under /orga/ (config/urls.py): /orga/<club>/ would be
# read as one of them, so no club may take these words as its slug.
RESERVED_SLUGS = frozenset({"marque", "publication", "saisons"})


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

    def clean(self) -> None:
        if self.slug in RESERVED_SLUGS:
            raise ValidationError(
                {
                    "slug": _(
                        "Cet identifiant est réservé aux adresses d'Atout : choisissez-en un autre."
                    )
                }
            )

    @property
    def dashboard_url(self) -> str:
        """The organiser's page of this club (members only; others get 404 there)."""
        return reverse("tournaments:club", kwargs={"club_slug": self.slug})

    def seasons_taken_part_in(self) -> models.QuerySet[Season]:
        """The club's own seasons and the circuits it takes part in, each once (reached through
        the seasons app's reverse accessors, ``seasons`` and ``circuits``)."""
        return (self.seasons.all() | self.circuits.all()).select_related("club").distinct()


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
