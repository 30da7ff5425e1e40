"""The in-browser runtime: what boots Python in the page and renders the app (run by the site's
loader, ``static/loader.js``), and the staging of the parts built after the first view."""
