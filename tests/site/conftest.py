def pytest_configure(config):
    config.addinivalue_line(
        "markers", "nginx: runs the site in gunicorn behind a real nginx with "
                   "docs/production/nginx.conf (skipped where no nginx is installed)")
