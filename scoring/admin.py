"""Django admin for score sheets and deal records."""
