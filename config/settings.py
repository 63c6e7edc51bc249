"""Atout's one settings module, driven by the environment.

Every value that differs between a laptop and a server comes from an environment variable
(see the README's table). Malformed values stop the process at start-up with a message naming
the variable. With nothing set, Atout runs on a SQLite file with Celery tasks executed eagerly
in-process, so ``make run`` needs no other service.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_int, env_list, env_str
from config.hall import validate_base_url

BASE_DIR = Path(__file__).resolve().parent.parent

# --- Core -------------------------------------------------------------------------------------

DEBUG = env_bool("DEBUG", False)

_DEV_SECRET_KEY = "django-insecure-atout-dev-only-never-use-in-production"
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY and DEBUG:
    SECRET_KEY = _DEV_SECRET_KEY
elif SECRET_KEY and len(SECRET_KEY) < 50 and not DEBUG:
    raise ImproperlyConfigured("SECRET_KEY must be at least 50 characters long in production.")
# Without DEBUG and without a key it stays empty: commands that sign nothing (migrate,
# makemigrations, check) still run, Django refuses any use of the key, and the web entry points
# (config/wsgi.py, config/asgi.py) refuse to start at all (config.env.require_secret_key).

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

for _origin in CSRF_TRUSTED_ORIGINS:
    if not _origin.startswith(("http://", "https://")):
        raise ImproperlyConfigured(
            f"CSRF_TRUSTED_ORIGINS entries must start with http:// or https://, got {_origin!r}"
        )

# The address printed and encoded on everything meant for another device (score sheets' QR
# codes and short links): set by hall mode to the laptop's LAN address (config/hall.py), or by a
# server's operator; unset, links use the host of the request.
PUBLIC_BASE_URL = (
    validate_base_url("PUBLIC_BASE_URL", env_str("PUBLIC_BASE_URL"))
    if env_str("PUBLIC_BASE_URL")
    else ""
)

INSTALLED_APPS = [
    "config.apps.AtoutAdminConfig",  # django.contrib.admin, its login throttled
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "tournaments",
    "scoring",
    "standings",
    "publishing",
    "seasons",
    "archive",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.security.SecurityHeadersMiddleware",
    "config.throttles.counters.TableLinkThrottleMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournaments.audit.AuditActorMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.outages.database.DatabaseOutageMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------------------------


def _database_from_env(url: str) -> dict[str, Any]:
    """Parse DATABASE_URL; only PostgreSQL and SQLite are supported."""
    try:
        config: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=60))
    except Exception as exc:  # dj-database-url raises several exception types
        raise ImproperlyConfigured(f"DATABASE_URL is malformed: {exc}") from None
    engine = config.get("ENGINE", "")
    if engine == "django.db.backends.postgresql":
        # Persistent connections (CONN_MAX_AGE above) checked before each request's first
        # query, so a connection cut by a PostgreSQL restart is replaced instead of failing it.
        config["CONN_HEALTH_CHECKS"] = True
        # Fail fast while PostgreSQL restarts instead of hanging a request for minutes.
        config.setdefault("OPTIONS", {})["connect_timeout"] = env_int("DATABASE_CONNECT_TIMEOUT", 3)
        # Server-side parameters: psycopg prepares a statement run five times on a connection,
        # so PostgreSQL stops parsing and planning score entry's hot statements every time.
        config["OPTIONS"]["server_side_binding"] = True
        if not config.get("NAME"):
            raise ImproperlyConfigured("DATABASE_URL must name a database.")
    elif engine == "django.db.backends.sqlite3":
        config["CONN_MAX_AGE"] = 0
        config["OPTIONS"] = _SQLITE_OPTIONS
    else:
        raise ImproperlyConfigured(
            f"DATABASE_URL must be a postgres:// or sqlite:// URL, got engine {engine!r}"
        )
    return config


# WAL lets readers work while a deal is written; IMMEDIATE transactions take the write lock at
# BEGIN so two phones on one table queue up instead of failing with "database is locked".
_SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
}

_DATABASE_URL = env_str("DATABASE_URL")
if _DATABASE_URL:
    DATABASES = {"default": _database_from_env(_DATABASE_URL)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            "OPTIONS": _SQLITE_OPTIONS,
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache ------------------------------------------------------------------------------------

_CACHE_URL = env_str("CACHE_URL")
if _CACHE_URL:
    if not _CACHE_URL.startswith(("redis://", "rediss://")):
        raise ImproperlyConfigured(f"CACHE_URL must be a redis:// URL, got {_CACHE_URL!r}")
    CACHES = {
        "default": {
            "BACKEND": "config.outages.cache.ResilientRedisCache",
            "LOCATION": _CACHE_URL,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Authentication ---------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:dashboard"
LOGOUT_REDIRECT_URL = "public:home"

# --- Internationalisation ---------------------------------------------------------------------

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("Français")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

# --- Static files -----------------------------------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# The organiser guide's screenshots (docs/guide/) are served as static files under guide/.
STATICFILES_DIRS = [BASE_DIR / "static", ("guide", BASE_DIR / "docs" / "guide")]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
MEDIA_ROOT = BASE_DIR / "media"
MEDIA_URL = "media/"

# --- Security ---------------------------------------------------------------------------------

# The client's address for the throttles (config/throttles/counters.py): REMOTE_ADDR, or behind
# N reverse proxies that each append to X-Forwarded-For, the N-th entry from its right (what the
# client writes on the left is never trusted). BEHIND_PROXY=1 alone means one proxy.
_BEHIND_PROXY = env_bool("BEHIND_PROXY", False)
TRUSTED_PROXY_HOPS = env_int("TRUSTED_PROXY_HOPS", 1 if _BEHIND_PROXY else 0)
if not 0 <= TRUSTED_PROXY_HOPS <= 10:
    raise ImproperlyConfigured(
        f"TRUSTED_PROXY_HOPS must be between 0 and 10, got {TRUSTED_PROXY_HOPS!r}"
    )

X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
# Organisers log in on shared laptops (the club's, the hall's): a session ends with the browser,
# and at the latest SESSION_HOURS after the login. (Not a sliding idle timeout: saving the
# session on every request would turn a database outage into 500s after the view, out of the
# 503 handler's reach.)
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
SESSION_COOKIE_AGE = 3600 * env_int("SESSION_HOURS", 12)
if SESSION_COOKIE_AGE <= 0:
    raise ImproperlyConfigured("SESSION_HOURS must be a positive number of hours")
if not DEBUG:
    # Production sits behind HTTPS; HTTPS=0 serves plain HTTP (a hall's local network).
    _HTTPS = env_bool("HTTPS", True)
    SESSION_COOKIE_SECURE = _HTTPS
    CSRF_COOKIE_SECURE = _HTTPS
    SECURE_SSL_REDIRECT = _HTTPS and env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000 if _HTTPS else 0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
    # Preloading is a commitment to the browsers' list that is slow to undo: the operator opts
    # in (and Django's reminder that it is off is silenced until then).
    SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0 and env_bool("SECURE_HSTS_PRELOAD", False)
    if not SECURE_HSTS_PRELOAD:
        SILENCED_SYSTEM_CHECKS = ["security.W021"]
    if _BEHIND_PROXY:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # /healthz is probed over plain HTTP by load balancers.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# --- Celery -----------------------------------------------------------------------------------

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
if CELERY_BROKER_URL and not CELERY_BROKER_URL.startswith(("redis://", "rediss://", "memory://")):
    raise ImproperlyConfigured(
        f"CELERY_BROKER_URL must be a redis:// URL, got {CELERY_BROKER_URL!r}"
    )
# No broker configured: run tasks eagerly in-process so a laptop needs nothing else.
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True  # a worker killed mid-task leaves it to be redone
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = TIME_ZONE
# Publishing must never block a request while Redis is down: one quick try, then give up
# (the periodic reconciliation catches up later).
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 1,
    "socket_timeout": 2,
    "max_retries": 0,
    # A task of a worker lost as a whole (kill -9, machine gone) is handed out again after this;
    # it must stay above the longest task (a large export takes seconds, a rebuild less).
    "visibility_timeout": 900,
}
# Periodic jobs (``celery -A config beat``): rebuild standings left stale while the broker was
# down or changed outside the publishing pages.
CELERY_BEAT_SCHEDULE = {
    "reconcile-standings": {"task": "scoring.reconcile_standings", "schedule": 30.0},
    "purge-exports": {"task": "publishing.purge_exports", "schedule": 3600.0},
}
# Export files (names, scores) are deleted this long after they were written.
EXPORT_KEEP_HOURS = env_int("EXPORT_KEEP_HOURS", 24)
if EXPORT_KEEP_HOURS <= 0:
    raise ImproperlyConfigured("EXPORT_KEEP_HOURS must be a positive number of hours")

# --- Logging: readable lines on stdout ---------------------------------------------------------

LOG_LEVEL = env_str("LOG_LEVEL", "INFO").upper()
if LOG_LEVEL not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
    raise ImproperlyConfigured(
        f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, got {LOG_LEVEL!r}"
    )
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)-7s %(name)s: %(message)s"},
    },
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "plain",
        }
    },
    "root": {"handlers": ["stdout"], "level": LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
    },
}

# --- Atout ------------------------------------------------------------------------------------

# Name shown in page titles and prints.
ATOUT_SITE_NAME = env_str("ATOUT_SITE_NAME", "Atout")
