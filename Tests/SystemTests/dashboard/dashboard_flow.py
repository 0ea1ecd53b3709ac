"""The trainers' dashboard in a real browser (headless chromium through chromedriver).

The system test that runs this has started the stack and made the accounts and data;
the JSON file named by the argument says where and who, and what the API answers for
the client (the pages must show the same). A member who is no trainer is turned away;
the trainer signs in, finds a client by name, reads her overview, assigns a routine and
a nutrition plan, writes to her, and sees her answer arrive live, and another client's
message marked unread. Each step fails with what the page showed instead; the browser's
console must stay free of errors (a blocked script or a refused request shows there).
"""

import json
import os
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import Select, WebDriverWait

# A ceiling on each wait for the page, far above what a step takes (each is printed).
PATIENCE = 30


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000",
                     "--user-data-dir=" + tempfile.mkdtemp(prefix="dashboard-chromium-")):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The driver is Debian's: Selenium must not look for (download) one.
    os.environ["SE_OFFLINE"] = "true"
    return webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)


def post(base, path, token, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json", "authorization": "Bearer " + token})
    with urllib.request.urlopen(request, timeout=PATIENCE) as response:
        return json.load(response)


class Flow:
    def __init__(self, driver, setup):
        self.driver = driver
        self.setup = setup
        self.base = setup["base"]
        self.started = time.monotonic()

    def step(self, name):
        print(f"{time.monotonic() - self.started:7.2f} s  {name}", flush=True)

    def wait(self, condition, what):
        started = time.monotonic()

        def settled(driver):
            try:
                return condition(driver)
            except WebDriverException as error:
                # A node of a page being replaced, in chromedriver's words rather than
                # as a stale element (seen after signing out): look again.
                if "does not belong to the document" in str(error):
                    return False
                raise

        try:
            # A page being replaced (a reload) is looked at again, not failed on.
            result = WebDriverWait(self.driver, PATIENCE, poll_frequency=0.05,
                                   ignored_exceptions=[NoSuchElementException, StaleElementReferenceException]).until(settled)
        except TimeoutException:
            raise AssertionError(f"{what}: not within {PATIENCE} s; the page shows:\n{self.page_text()}") from None
        return result, time.monotonic() - started

    def page_text(self):
        return self.driver.find_element(By.TAG_NAME, "body").text[:3000]

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def visible(self, element_id):
        return self.driver.find_element(By.ID, element_id).is_displayed()

    def sign_in(self, account):
        self.driver.find_element(By.ID, "identifier").clear()
        self.driver.find_element(By.ID, "identifier").send_keys(account["identifier"])
        self.driver.find_element(By.ID, "password").send_keys(account["password"])
        self.driver.find_element(By.ID, "signin-submit").click()

    def wait_for_pictures(self, notes):
        d = self.driver

        def shown(_):
            picture = d.find_element(By.ID, "client-picture")
            images = d.find_elements(By.CSS_SELECTOR, "#progress-photos img")
            loaded = picture.is_displayed() and d.execute_script("return arguments[0].naturalWidth", picture) > 0
            return loaded and len(images) == len(notes) and all(d.execute_script("return arguments[0].naturalWidth", i) > 0 for i in images)
        self.wait(shown, "the client's picture and shared photos, loaded")
        captions = [c.text for c in d.find_elements(By.CSS_SELECTOR, "#progress-photos figcaption")]
        assert [c.split(" · ")[-1] for c in captions] == notes, f"photo captions {captions}, shared notes {notes}"

    def client_rows(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#client-list li")

    def run(self):
        d, setup = self.driver, self.setup
        lena, omar = setup["clients"]
        expected = setup["overview"]

        self.step("open /dashboard (the gateway's root leads there)")
        d.get(self.base + "/")
        self.wait(lambda _: d.current_url.endswith("/dashboard/") and self.visible("signin"), "the sign-in form")

        self.step("a member who is no trainer is turned away")
        self.sign_in(setup["member"])
        self.wait(lambda _: "for trainers" in self.text("signin-error"), "the refusal of a member")
        assert not self.visible("workspace"), "a member reached the workspace"

        self.step("a wrong password is said so")
        self.sign_in({"identifier": setup["trainer"]["identifier"], "password": "not the password at all"})
        self.wait(lambda _: self.text("signin-error") and "for trainers" not in self.text("signin-error"), "the refusal of a wrong password")

        self.step("the trainer signs in and sees both clients")
        d.find_element(By.ID, "password").clear()
        self.sign_in(setup["trainer"])
        self.wait(lambda _: len(self.client_rows()) == 2, "two clients listed")
        names = sorted(row.find_element(By.CLASS_NAME, "name").text for row in self.client_rows())
        assert names == sorted([lena["displayName"], omar["displayName"]]), f"clients listed: {names}"
        assert self.text("account-name") == setup["trainer"]["displayName"], self.text("account-name")
        # Before any event: the stream says it is listening as soon as the platform took it.
        self.wait(lambda _: d.find_element(By.ID, "live-status").get_attribute("data-state") == "on", "the live stream open")

        self.step("search narrows the list")
        d.find_element(By.ID, "client-search").send_keys(lena["username"][:3].upper())
        self.wait(lambda _: [r.get_attribute("data-user-id") for r in self.client_rows()] == [lena["userId"]], "only the client searched for")
        d.find_element(By.ID, "client-search").clear()
        d.find_element(By.ID, "client-search").send_keys(" ")  # an input event with an empty query
        self.wait(lambda _: len(self.client_rows()) == 2, "both clients again")

        self.step("the client's overview")
        d.find_element(By.CSS_SELECTOR, f'#client-list li[data-user-id="{lena["userId"]}"]').click()
        self.wait(lambda _: self.visible("overview") and self.text("client-name") == lena["displayName"], "the overview")
        shown = {
            "sessionsThisWeek": self.text("sessions-this-week"),
            "foodDays": self.text("food-days"),
            "kcalDays": self.text("kcal-days"),
            "sessions": self.text("lifetime-sessions"),
        }
        wanted = {
            "sessionsThisWeek": str(expected["sessionsThisWeek"]),
            "foodDays": f'{expected["foodDaysLogged"]}/7',
            "kcalDays": f'{expected["kcalDaysMet"]}/7',
            "sessions": str(expected["sessions"]),
        }
        assert shown == wanted, f"overview figures {shown}, the API says {wanted}"
        # In the trainer's unit (pounds): the chart's points and the sessions' volume.
        dots = d.find_elements(By.CSS_SELECTOR, "#weight-chart svg circle")
        points = [(float(dot.get_attribute("data-weight")), dot.get_attribute("data-unit")) for dot in dots]
        assert sorted(points) == sorted((weight, expected["unit"]) for weight in expected["weighIns"]), \
            f"weight chart points {points}, weigh-ins {expected['weighIns']} {expected['unit']}"
        assert d.find_elements(By.CSS_SELECTOR, "#weight-chart svg polyline"), "no line in the weight chart"
        rows = [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")] for row in d.find_elements(By.CSS_SELECTOR, "#sessions tbody tr")]
        assert [row[1] for row in rows] == expected["sessionNames"], f"recent sessions {rows}, the API says {expected['sessionNames']}"
        assert [row[4] for row in rows] == expected["volumes"], f"session volumes {rows}, the API says {expected['volumes']} lb"
        assert self.text("volume-unit") == expected["unit"], f"volume in {self.text('volume-unit')}"

        self.step("her picture and the progress photo she shares, not the one she keeps")
        picture_url = self.base + setup["pictureUrl"]
        self.wait_for_pictures(setup["photoNotes"])
        self.step("seen again, the pictures are revalidated (304), not fetched again")
        d.find_element(By.CSS_SELECTOR, f'#client-list li[data-user-id="{omar["userId"]}"]').click()
        self.wait(lambda _: self.text("client-name") == omar["displayName"] and self.visible("progress-photos-empty")
                  and not self.visible("client-picture"), "the other client, with no picture or photos")
        d.find_element(By.CSS_SELECTOR, f'#client-list li[data-user-id="{lena["userId"]}"]').click()
        self.wait(lambda _: self.text("client-name") == lena["displayName"], "the overview again")
        self.wait_for_pictures(setup["photoNotes"])
        loads = d.execute_script(
            "return performance.getEntriesByName(arguments[0]).map(e => [e.transferSize, e.encodedBodySize])", picture_url)
        assert len(loads) == 2, f"the picture was fetched {len(loads)} times: {loads}"
        (first_sent, size), (again_sent, again_size) = loads
        assert first_sent > size > 0, f"the first load carried no body: {loads}"
        assert 0 < again_sent < again_size == size, f"the second load carried the body again rather than a 304: {loads}"

        self.step("assign a routine and a nutrition plan")
        Select(d.find_element(By.ID, "routine-choice")).select_by_visible_text(setup["routine"])
        d.find_element(By.CSS_SELECTOR, "#assign-routine button").click()
        self.wait(lambda _: "assigned to" in self.text("assign-routine-status"), "the routine's assignment")
        assert self.text("assign-routine-status") == f'{setup["routine"]} assigned to {lena["displayName"]}', self.text("assign-routine-status")
        Select(d.find_element(By.ID, "plan-choice")).select_by_visible_text(setup["plan"])
        d.find_element(By.CSS_SELECTOR, "#assign-plan button").click()
        self.wait(lambda _: "assigned to" in self.text("assign-plan-status"), "the plan's assignment")

        self.step("write to the client")
        d.find_element(By.ID, "message-text").send_keys(setup["trainerMessage"])
        d.find_element(By.ID, "message-send").click()
        self.wait(lambda _: [m.text.split("\n")[0] for m in d.find_elements(By.CSS_SELECTOR, "#messages li.mine")] == [setup["trainerMessage"]],
                  "the message sent, shown as the trainer's")
        assert d.find_element(By.ID, "message-text").get_attribute("value") == "", "the message box was not emptied"

        self.step("her answer arrives live")
        post(self.base, "/v1/directMessages", lena["token"], {"userId": setup["trainer"]["userId"], "text": setup["clientMessage"]})
        _, took = self.wait(lambda _: [m.text.split("\n")[0] for m in d.find_elements(By.CSS_SELECTOR, "#messages li.theirs")] == [setup["clientMessage"]],
                            "the client's message, live")
        print(f"           live message shown {took * 1000:.0f} ms after it was sent", flush=True)

        self.step("another client's message is marked unread")
        post(self.base, "/v1/directMessages", omar["token"], {"userId": setup["trainer"]["userId"], "text": "Can we move Thursday?"})
        badge = f'#client-list li[data-user-id="{omar["userId"]}"] .unread'
        self.wait(lambda _: d.find_element(By.CSS_SELECTOR, badge).is_displayed() and d.find_element(By.CSS_SELECTOR, badge).text == "1",
                  "the unread mark on the other client")
        assert len(d.find_elements(By.CSS_SELECTOR, "#messages li")) == 2, "the other client's message went into the open conversation"

        d.save_screenshot(setup["screenshot"])
        self.step(f"screenshot: {setup['screenshot']}")

        self.step("a reload keeps the session; signing out ends it")
        d.refresh()
        self.wait(lambda _: self.visible("workspace") and len(self.client_rows()) == 2, "the workspace after a reload")
        d.find_element(By.ID, "sign-out").click()
        self.wait(lambda _: self.visible("signin"), "the sign-in form after signing out")

        errors = [entry for entry in d.get_log("browser") if entry["level"] == "SEVERE"
                  # The refusals the flow asked for (the member's and the wrong password's) are logged by the browser.
                  and "auth:login" not in entry["message"] and "auth:logout" not in entry["message"]]
        assert not errors, f"the browser's console has errors: {errors}"
        self.step("done")


def main():
    with open(sys.argv[1]) as file:
        setup = json.load(file)
    driver = browser()
    try:
        Flow(driver, setup).run()
    except AssertionError as failure:
        print(f"FAILED: {failure}", flush=True)
        for entry in driver.get_log("browser"):
            print(f"console {entry['level']}: {entry['message'][:500]}")
        try:
            driver.save_screenshot(setup["screenshot"])
            print(f"screenshot of the failure: {setup['screenshot']}")
        except Exception:
            pass
        sys.exit(1)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
