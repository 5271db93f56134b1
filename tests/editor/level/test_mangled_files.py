"""Property test: mangled level files either load or raise LevelError, nothing else."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nonogram_editor.level import Level, LevelError, load_level, save_level
from nonogram_editor.level.netpbm import format_pbm, format_ppm
from tests.editor.mangling import edited

_rng = np.random.default_rng(0)
VALID_PBM = format_pbm(_rng.random((5, 9)) < 0.5)
VALID_PPM = format_ppm(_rng.integers(0, 256, (5, 9, 3), dtype=np.uint8))
RAW_PPM = b"P6\n9 5\n65535\n" + bytes(_rng.integers(0, 256, 9 * 5 * 6, dtype=np.uint8))
RAW_PBM = b"P4\n9 5\n" + bytes(_rng.integers(0, 256, 2 * 5, dtype=np.uint8))
NETPBM_BYTES = b"P1P3P4P60123456789 \t\n\r#x-"


def mangled(valid: bytes):
    """Byte flips, insertions, deletions, truncations and long numbers in a valid file, or noise."""
    return st.one_of(edited(valid, NETPBM_BYTES + bytes([0, 255])),
                     st.binary(max_size=80),
                     st.lists(st.sampled_from(list(NETPBM_BYTES)), max_size=60).map(bytes))


trio = st.tuples(
    st.one_of(st.sampled_from([b"0", b"1\n", b" 1 \r\n"]), st.binary(max_size=6), st.none()),
    st.one_of(mangled(VALID_PBM), mangled(RAW_PBM), st.none()),
    st.one_of(mangled(VALID_PPM), mangled(RAW_PPM), st.none()),
)


def check_trio(folder, files):
    path = folder / "m.level"
    for ext, data in zip((".level", ".pbm", ".ppm"), files):
        target = path.with_suffix(ext)
        target.unlink(missing_ok=True)
        if data is not None:
            target.write_bytes(data)
    try:
        level = load_level(path)
    except LevelError as error:
        assert error.kind is not None
        assert str(error).startswith(str(error.path))
    else:  # whatever loaded must survive a round trip unchanged
        assert isinstance(level, Level)
        assert level.picture.shape == (*level.solution.shape, 3)
        save_level(level, folder / "copy.level")
        assert load_level(folder / "copy.level") == level


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(trio)
def test_mangled_trios_load_or_raise_level_error(tmp_path, files):
    check_trio(tmp_path, files)


@pytest.mark.slow
@settings(max_examples=30000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(trio)
def test_many_more_mangled_trios(tmp_path, files):
    check_trio(tmp_path, files)
