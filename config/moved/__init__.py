"""Addresses of earlier layouts: each old route a permanent redirect to the same page (redirect.py), all of them listed in urls.py."""
