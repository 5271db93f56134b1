"""Hypothesis strategy shared by the mangled-file tests: edited copies of a valid file."""
from hypothesis import strategies as st

LONG_NUMBER = b"9" * 4400  # beyond Python's 4,300-digit int() limit


def edited(valid: bytes, alphabet: bytes):
    """Copies of ``valid`` with up to six byte flips, insertions, deletions, truncations or long numbers."""
    edit = st.tuples(st.sampled_from(["flip", "insert", "delete", "truncate", "long number"]),
                     st.integers(0, len(valid)), st.sampled_from(list(alphabet)))

    def apply(edits):
        data = bytearray(valid)
        for operation, position, byte in edits:
            position = min(position, len(data))
            if operation == "flip" and position < len(data):
                data[position] = byte
            elif operation == "insert":
                data.insert(position, byte)
            elif operation == "delete":
                del data[position:position + 1]
            elif operation == "truncate":
                del data[position:]
            elif operation == "long number":
                data[position:position] = LONG_NUMBER
        return bytes(data)

    return st.lists(edit, min_size=1, max_size=6).map(apply)
