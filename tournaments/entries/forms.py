"""Input checks of a contest's team registration: the quick add and edit of a team
(``EntryForm``) with its player field (a suggestion of the club's register or a new « Prénom
Nom », homonyms resolved by the organiser) and the CSV upload of teams (``CsvUploadForm``).
Forms clean and validate; they never save (``tournaments.services`` does).
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import services
from tournaments.models import Club, Entry, Player

_PLAYER_REF = re.compile(r"#(\d+)\s*$")


def player_choice_label(player: Player) -> str:
    """How a player appears in the autocomplete list; ``#id`` at the end identifies him."""
    licence = f" ({player.licence})" if player.licence else ""
    return f"{player.first_name} {player.last_name}{licence} #{player.pk}"


class PlayerRef:
    """A player typed in the quick-add form: an existing one (``player``) or a new one (``new``
    once the organiser chose to create a homonym, with its ``licence``)."""

    def __init__(
        self, player: Player | None = None, first_name: str = "", last_name: str = ""
    ) -> None:
        self.player, self.first_name, self.last_name = player, first_name, last_name
        self.new = False
        self.licence = ""


class PlayerField(forms.CharField):
    """« Prénom Nom » for a new player, or a suggestion of the list (ending with ``#id``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 170)
        super().__init__(*args, **kwargs)
        self.club: Club | None = None

    def clean(self, value: Any) -> PlayerRef:
        text = " ".join(str(super().clean(value) or "").split())
        match = _PLAYER_REF.search(text)
        if match:
            key = match.group(1)
            # More than 18 digits is no database key (and would overflow SQLite's integers).
            player = (
                Player.objects.registry_of(self.club).filter(pk=int(key)).first()
                if len(key) <= 18 and self.club is not None
                else None
            )
            if player is None:
                raise forms.ValidationError(_("Ce joueur n'est pas dans la liste du club."))
            return PlayerRef(player=player)
        parts = text.split(" ", 1)
        if len(parts) < 2:
            raise forms.ValidationError(
                _("Écrivez le prénom puis le nom (« Jean Martin »), ou choisissez dans la liste.")
            )
        return PlayerRef(first_name=parts[0], last_name=parts[1])


class EntryForm(forms.Form):
    """Quick add and edit of a team: two players (existing or new), name, club, flags."""

    player1 = PlayerField(label=gettext_lazy("Joueur 1"))
    player2 = PlayerField(label=gettext_lazy("Joueur 2"))
    name = forms.CharField(label=gettext_lazy("Nom d'équipe"), max_length=120, required=False)
    home_club = forms.CharField(
        label=gettext_lazy("Club d'origine"),
        max_length=120,
        required=False,
        help_text=gettext_lazy(
            "Pour les concours ouverts : sert à éviter deux équipes d'un même club."
        ),
    )
    paid = forms.BooleanField(label=gettext_lazy("Payé"), required=False)
    checked_in = forms.BooleanField(label=gettext_lazy("Présente (pointée)"), required=False)

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        # The typed names borne by several players, with their candidates (the template asks).
        self.homonym_choices: list[dict[str, Any]] = []
        for name in ("player1", "player2"):
            field = self.fields[name]
            assert isinstance(field, PlayerField)
            field.club = club
            field.widget.attrs.update(
                {
                    "list": "club-players",
                    "autocomplete": "off",
                    "hx-get": reverse(
                        "tournaments:player_suggestions", kwargs={"club_slug": club.slug}
                    ),
                    "hx-trigger": "input changed delay:250ms",
                    "hx-target": "#club-players",
                    "hx-swap": "innerHTML",
                }
            )

    def _resolve_homonyms(self, name: str, ref: PlayerRef) -> None:
        """A typed name borne by several players of the register: the organiser's choice
        (``<name>_choice``: a player's id, or ``new`` with ``<name>_licence``), else the
        candidates are shown (``homonym_choices``) and the field refused. Never the first one."""
        if ref.player is not None:
            return
        found = services.homonyms(self.club, ref.first_name, ref.last_name)
        if len(found) < 2:
            return  # none: created; one: used (``services.get_or_create_player``)
        choice = str(self.data.get(f"{name}_choice", "")).strip()
        if choice == "new":
            ref.new = True
            ref.licence = " ".join(str(self.data.get(f"{name}_licence", "")).split())[:40]
            return
        chosen = [h.player for h in found if choice.isdigit() and str(h.player.pk) == choice]
        if chosen:
            ref.player = chosen[0]
            return
        self.homonym_choices.append(
            {
                "field": name,
                "label": self.fields[name].label,
                "typed": f"{ref.first_name} {ref.last_name}",
                "homonyms": found,
                "licence": str(self.data.get(f"{name}_licence", ""))[:40],
            }
        )
        self.add_error(
            name,
            _(
                "Plusieurs joueurs du club s'appellent %(name)s : choisissez ci-dessus celui qui "
                "joue, ou créez un nouveau joueur."
            )
            % {"name": f"{ref.first_name} {ref.last_name}"},
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        p1, p2 = data.get("player1"), data.get("player2")
        for name, ref in (("player1", p1), ("player2", p2)):
            if isinstance(ref, PlayerRef):
                self._resolve_homonyms(name, ref)
        if isinstance(p1, PlayerRef) and isinstance(p2, PlayerRef):
            same_existing = (
                p1.player is not None and p2.player is not None and p1.player == p2.player
            )
            same_new = (
                p1.player is None
                and p2.player is None
                and not (p1.new and p2.new and p1.licence != p2.licence)
                and (p1.first_name, p1.last_name) == (p2.first_name, p2.last_name)
            )
            if same_existing or same_new:
                self.add_error("player2", _("Une équipe se compose de deux joueurs différents."))
        return data

    @staticmethod
    def initial_from(entry: Entry) -> dict[str, Any]:
        return {
            "player1": player_choice_label(entry.player1),
            "player2": player_choice_label(entry.player2),
            "name": entry.name,
            "home_club": entry.home_club,
            "paid": entry.paid,
            "checked_in": entry.checked_in,
        }


class CsvUploadForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Fichier CSV"),
        help_text=gettext_lazy(
            "Colonnes : prenom1 ; nom1 ; prenom2 ; nom2, et au choix licence1, licence2, equipe, "
            "club, paye, present. Séparateur « ; » ou « , ». 1 Mo au plus."
        ),
    )
