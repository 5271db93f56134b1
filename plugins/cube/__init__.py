"""The cube puzzle plugin."""
