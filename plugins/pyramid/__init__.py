"""The pyramid puzzle plugin."""
