"""Project wiring: settings, URLs, Celery, WSGI and ASGI entry points.

Importing the package loads the Celery app so that ``@shared_task`` binds to it.
"""

from config.celery import app as celery_app

__all__ = ("celery_app",)
