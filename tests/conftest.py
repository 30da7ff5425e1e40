"""Settings shared by every test folder."""

from hypothesis import settings

# No per-example deadline: the properties are checked on a shared machine (and in CI next to a
# browser), where a slow moment is not a failure of the code. Example counts stay per test.
settings.register_profile("charsim", deadline=None)
settings.load_profile("charsim")
