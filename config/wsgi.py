"""WSGI entry point (``gunicorn config.wsgi``): refuses to start without a secret key."""

import os

from django.core.wsgi import get_wsgi_application

from config.env import require_secret_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

require_secret_key()
application = get_wsgi_application()
