"""A refused sign-up, link recovery or name correction: the errors sit at the form's top in
an alert that takes focus and links to each field, each field points (aria-describedby) at
ids that exist, and a refused correction keeps its panel open on the private link's page."""

import re

from django.test import Client

from tests.tournaments.registration.helpers import open_tournament, sign_up


def described_by_ids_exist(page: str, field_id: str) -> None:
    box = re.search(rf'<input [^>]*id="{field_id}"[^>]*>', page).group()
    ids = re.search(r'aria-describedby="([^"]*)"', box).group(1).split()
    for described in ids:
        assert f'id="{described}"' in page, described


def summary(page: str) -> str:
    found = re.search(r'<div class="errors" role="alert" tabindex="-1" autofocus>(.*?)</div>',
                      page, re.S)
    assert found, "no error summary"
    return found.group(1)


def test_a_refused_sign_up_says_its_errors_at_the_top_with_links_to_the_fields(club):
    tournament = open_tournament(club)
    page = Client().post(f"/t/{tournament.slug}/sign-up/",
                         {"name_1": "", "name_2": "Bruno Lima", "contact": ""}).content.decode()
    assert '<a href="#id_name_1">First player: This field is required.</a>' in summary(page)
    assert 'aria-invalid="true"' in re.search(r'<input [^>]*id="id_name_1"[^>]*>', page).group()
    described_by_ids_exist(page, "id_name_1")
    assert 'id="id_name_1_error"' in page
    described_by_ids_exist(page, "id_contact")  # its help text


def test_a_refused_link_recovery_says_its_error_in_the_open_panel(club):
    tournament = open_tournament(club)
    page = Client().post(f"/t/{tournament.slug}/sign-up/lost-link/", {"email": "not an address"},
                         ).content.decode()
    assert "Enter a valid email address." in summary(page)
    field = re.search(r'<input [^>]*name="email"[^>]*>', page).group()
    described_by_ids_exist(page, re.search(r'id="([^"]+)"', field).group(1))


def test_a_refused_name_correction_is_said_in_its_panel_kept_open(club):
    signup = sign_up(open_tournament(club), 1, name_1="Ana Sousa", name_2="Bruno Lima")
    response = Client().post(f"{signup.get_absolute_url()}names/",
                             {"name_1": "Ana Sousa", "name_2": ""})
    assert response.status_code == 400
    page = response.content.decode()
    panel = re.search(r"<details class=\"card\" open>\s*<summary>Correct a name</summary>(.*?)"
                      r"</details>", page, re.S)
    assert panel and "Second player: This field is required." in summary(panel.group(1))
    assert 'value="Ana Sousa"' in panel.group(1)
    described_by_ids_exist(page, "id_name_2")
    assert '<div class="messages"' not in page


def test_a_correction_the_service_refuses_is_said_in_the_panel_too(club):
    signup = sign_up(open_tournament(club), 1, name_1="Ana Sousa", name_2="Bruno Lima")
    page = Client().post(f"{signup.get_absolute_url()}names/",
                         {"name_1": "Ana Sousa", "name_2": "Bruno Lima"}).content.decode()
    assert "Nothing to correct" in summary(page)
