"""``{{ text|suits }}``: the text escaped, its ♥ ♦ ♣ ♠ wrapped in ``<span class="suit suit-h">``
(and ``suit-d``, ``suit-c``, ``suit-s``), so hearts and diamonds print red (design.md, Suits)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

_CLASSES = {"♥": "suit-h", "♦": "suit-d", "♣": "suit-c", "♠": "suit-s"}


@register.filter(needs_autoescape=False)
def suits(value: Any) -> SafeString:
    text = str(conditional_escape(value))
    for symbol, css in _CLASSES.items():
        text = text.replace(symbol, f'<span class="suit {css}">{symbol}</span>')
    return mark_safe(text)  # escaped above; only our spans added
