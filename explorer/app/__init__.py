"""The explorer a user sees: the states (``param.Parameterized``, no Panel import), one view per
area (``views/``), the UI text in English and Japanese (``i18n``, ``messages.toml``) and the page
that composes them (``page.create_app``). It runs the same in the browser and under
``panel serve explorer/app/page.py``."""
