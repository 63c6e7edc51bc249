"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

from config.env import require_secret_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

require_secret_key()
application = get_asgi_application()
