"""Announces protocol version 99."""

from _fake import serve

serve(version=99)
