// The trainers' dashboard: sign in, find a client, see how they are doing, give them a
// routine and a nutrition plan, and talk to them, with their messages arriving live.
// Every text the API returns is set as text (never as HTML).

import { Api, ApiError } from "./api.js";
import { weightChart } from "./chart.js";

const api = new Api();
const $ = (id) => document.getElementById(id);
const state = {
  me: null,
  clients: new Map(), // user id -> client, as listed
  nextPage: "",
  open: null, // the client whose overview is shown
  conversation: "", // the open client's conversation with the trainer, once known
  messageIDs: new Set(),
  unread: new Map(), // user id -> messages arrived while another client was open
  events: null, // the live stream's AbortController
  unit: "kg", // the trainer's unit system's, from their profile: "kg" or "lb"
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "short", timeStyle: "short" });
const nameOf = (person) => person.displayName || person.username;
// A timestamp of the API (RFC 3339, absent when unset) in the reader's words.
const when = (timestamp, format = dateFormat) => (timestamp ? format.format(new Date(timestamp)) : "");

function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function describe(error) {
  if (error instanceof ApiError) return error.message;
  console.error(error);
  return error instanceof TypeError && /fetch/i.test(error.message) ? "the platform could not be reached; try again" : `the page failed: ${error.message}`;
}

// MARK: Signing in and out

async function start() {
  $("signin-form").addEventListener("submit", signIn);
  $("sign-out").addEventListener("click", signOut);
  $("client-search").addEventListener("input", debounce(() => listClients(true), 250));
  $("client-more").addEventListener("click", () => listClients(false));
  $("assign-routine").addEventListener("submit", (event) => assign(event, "routines", "routine-choice", "routineId", "assign-routine-status"));
  $("assign-plan").addEventListener("submit", (event) => assign(event, "nutritionPlans", "plan-choice", "planId", "assign-plan-status"));
  $("message-form").addEventListener("submit", sendMessage);
  if (api.signedIn) {
    try {
      const answer = await api.call("GET", "/v1/me");
      return enter(answer.user);
    } catch {
      api.keep(null);
    }
  }
  showSignIn();
}

function showSignIn(message = "") {
  $("signin").hidden = false;
  $("workspace").hidden = true;
  $("account").hidden = true;
  $("signin-error").textContent = message;
}

async function signIn(event) {
  event.preventDefault();
  $("signin-error").textContent = "";
  $("signin-submit").disabled = true;
  try {
    const user = await api.signIn($("identifier").value.trim(), $("password").value);
    $("password").value = "";
    await enter(user);
  } catch (error) {
    $("signin-error").textContent = describe(error);
  } finally {
    $("signin-submit").disabled = false;
  }
}

async function enter(user) {
  if (!(user.roles || []).includes("TRAINER")) {
    await api.signOut().catch(() => {});
    showSignIn("This dashboard is for trainers. Ask for the trainer role in the app first.");
    return;
  }
  state.me = user;
  $("account-name").textContent = user.profile?.displayName || user.username;
  $("signin").hidden = true;
  $("account").hidden = false;
  $("workspace").hidden = false;
  await Promise.all([listClients(true), loadChoices(), loadUnit()]);
  listen();
}

async function signOut() {
  state.events?.abort();
  await api.signOut().catch(() => {});
  location.reload();
}

// MARK: Clients

async function listClients(fromStart) {
  const query = $("client-search").value.trim();
  try {
    const page = await api.get("/v1/clients", { query, pageSize: 25, pageToken: fromStart ? "" : state.nextPage });
    if ($("client-search").value.trim() !== query) return; // a newer search is on its way
    if (fromStart) {
      state.clients.clear();
      $("client-list").replaceChildren();
    }
    for (const client of page.clients || []) {
      state.clients.set(client.person.userId, client);
      $("client-list").append(clientRow(client));
    }
    state.nextPage = page.nextPageToken || "";
    $("client-more").hidden = !state.nextPage;
    $("client-list-empty").hidden = state.clients.size > 0;
  } catch (error) {
    if (!handleSignedOut(error)) $("client-list-empty").textContent = describe(error);
  }
}

function clientRow(client) {
  const id = client.person.userId;
  const row = element("li", undefined, { "data-user-id": id, tabindex: "0" });
  row.append(element("span", nameOf(client.person), { class: "name" }));
  const unread = element("span", "", { class: "unread" });
  unread.hidden = true;
  row.append(unread);
  row.addEventListener("click", () => openClient(id));
  row.addEventListener("keydown", (event) => event.key === "Enter" && openClient(id));
  if (state.open === id) row.setAttribute("aria-current", "true");
  showUnread(id, row);
  return row;
}

function showUnread(id, row = document.querySelector(`#client-list li[data-user-id="${CSS.escape(id)}"]`)) {
  if (!row) return;
  const count = state.unread.get(id) || 0;
  const badge = row.querySelector(".unread");
  badge.textContent = String(count);
  badge.hidden = count === 0;
}

// MARK: A client's overview

async function openClient(id) {
  state.open = id;
  state.unread.delete(id);
  for (const row of document.querySelectorAll("#client-list li")) {
    row.setAttribute("aria-current", String(row.dataset.userId === id));
  }
  showUnread(id);
  $("assign-routine-status").textContent = "";
  $("assign-plan-status").textContent = "";
  $("message-status").textContent = "";
  try {
    const [overview, messages] = await Promise.all([
      api.call("GET", `/v1/clients/${encodeURIComponent(id)}`),
      api.get(`/v1/users/${encodeURIComponent(id)}/directMessages`, { pageSize: 50 }),
    ]);
    if (state.open !== id) return;
    showOverview(overview);
    showMessages(messages.messages || []);
    $("overview").hidden = false;
    // Pictures come after the figures: a picture that fails to load says so in its place.
    await showPictures(id).catch((error) => {
      if (!handleSignedOut(error) && state.open === id) $("progress-photos-status").textContent = describe(error);
    });
  } catch (error) {
    if (!handleSignedOut(error)) {
      $("overview").hidden = false;
      $("client-since").textContent = describe(error);
    }
  }
}

// The client's profile picture and the progress photos she shares with her trainers,
// each fetched with the token (an <img> cannot send one) and kept by the browser's cache.
async function showPictures(id) {
  const picture = $("client-picture");
  picture.hidden = true;
  picture.removeAttribute("src");
  const gallery = $("progress-photos");
  gallery.replaceChildren();
  $("progress-photos-empty").hidden = true;
  $("progress-photos-status").textContent = "";
  const [profile, photos] = await Promise.all([
    api.call("GET", `/v1/profiles/${encodeURIComponent(id)}`),
    api.get("/v1/progressPhotos", { userId: id, pageSize: 12 }),
  ]);
  if (state.open !== id) return;
  const avatar = profile.profile?.avatarUrl || "";
  if (avatar.startsWith("/v1/attachments/")) {
    picture.src = await api.file(avatar);
    picture.alt = `${nameOf(profile.profile)}'s picture`;
    picture.hidden = false;
  }
  const figures = [];
  for (const photo of photos.photos || []) {
    const image = element("img", undefined, { alt: photo.note || "progress photo", "data-photo-id": photo.id });
    image.src = await api.file(`/v1/attachments/${encodeURIComponent(photo.attachment.id)}/content`);
    const day = photo.takenOn ? `${photo.takenOn.year}-${String(photo.takenOn.month).padStart(2, "0")}-${String(photo.takenOn.day).padStart(2, "0")}` : "";
    figures.push(element("figure"));
    figures.at(-1).append(image, element("figcaption", [day, photo.note].filter(Boolean).join(" · ")));
  }
  if (state.open !== id) return;
  gallery.replaceChildren(...figures);
  $("progress-photos-empty").hidden = figures.length > 0;
}

function showOverview(overview) {
  const client = overview.client;
  $("client-name").textContent = nameOf(client.person);
  $("client-since").textContent = `@${client.person.username}` + (client.since ? ` · client since ${when(client.since)}` : "");
  $("sessions-this-week").textContent = String(overview.sessionsThisWeek || 0);
  $("food-days").textContent = `${overview.foodDaysLogged || 0}/7`;
  $("kcal-days").textContent = `${overview.kcalDaysMet || 0}/7`;
  $("lifetime-sessions").textContent = String(overview.stats?.sessions || 0);
  $("weight-chart").replaceChildren(weightChart(overview.bodyWeight || [], state.unit));

  const rows = (overview.recentSessions || []).map((session) => {
    const row = element("tr", undefined, { "data-session-id": session.id });
    row.append(
      element("td", when(session.startedAt)),
      element("td", session.name),
      element("td", (session.state || "").toLowerCase()),
      element("td", String(session.summary?.sets || 0)),
      element("td", String(Math.round((state.unit === "lb" ? session.summary?.volumeLb : session.summary?.volumeKg) || 0)))
    );
    return row;
  });
  document.querySelector("#sessions tbody").replaceChildren(...rows);
  $("sessions-empty").hidden = rows.length > 0;
}

// Figures in the trainer's own unit system (their profile's, as plan reads it): the API
// answers every weight in both.
async function loadUnit() {
  const units = await api.get("/v1/me/units");
  state.unit = units.settings?.imperial ? "lb" : "kg";
  $("volume-unit").textContent = state.unit;
}

// The trainer's own routines and plans, to choose from when assigning.
async function loadChoices() {
  const [routines, plans] = await Promise.all([api.get("/v1/routines", { pageSize: 100 }), api.get("/v1/nutritionPlans", { pageSize: 100 })]);
  const options = (items) => items.map((item) => element("option", item.name, { value: item.id }));
  $("routine-choice").replaceChildren(...options(routines.routines || []));
  $("plan-choice").replaceChildren(...options(plans.plans || []));
}

async function assign(event, collection, choice, field, status) {
  event.preventDefault();
  const select = $(choice);
  if (!state.open || !select.value) return;
  const name = select.selectedOptions[0].textContent;
  const client = state.clients.get(state.open);
  $(status).textContent = "…";
  try {
    await api.call("POST", `/v1/clients/${encodeURIComponent(state.open)}/${collection}`, { [field]: select.value });
    $(status).textContent = `${name} assigned to ${client ? nameOf(client.person) : "the client"}`;
  } catch (error) {
    if (!handleSignedOut(error)) $(status).textContent = describe(error);
  }
}

// MARK: Messages

function showMessages(newestFirst) {
  state.messageIDs.clear();
  state.conversation = newestFirst[0]?.conversationId || "";
  $("messages").replaceChildren();
  for (const message of newestFirst.slice().reverse()) appendMessage(message);
}

function appendMessage(message) {
  if (state.messageIDs.has(message.id)) return;
  state.messageIDs.add(message.id);
  state.conversation = message.conversationId;
  const mine = message.sender?.userId === state.me.id;
  const item = element("li", undefined, { "data-message-id": message.id, class: mine ? "mine" : "theirs" });
  item.append(element("span", message.deleted ? "(removed by a moderator)" : message.text, { class: "text" }));
  item.append(element("time", when(message.sentAt, timeFormat), { datetime: message.sentAt || "" }));
  $("messages").append(item);
  item.scrollIntoView({ block: "nearest" });
}

async function sendMessage(event) {
  event.preventDefault();
  const text = $("message-text").value.trim();
  if (!state.open || !text) return;
  $("message-status").textContent = "";
  try {
    const answer = await api.call("POST", "/v1/directMessages", { userId: state.open, text });
    $("message-text").value = "";
    appendMessage(answer.message);
  } catch (error) {
    if (!handleSignedOut(error)) $("message-status").textContent = describe(error);
  }
}

// MARK: Live events

// Keeps the event stream open: after a drop it resumes after the last event it saw, so
// no message is missed; waits grow to half a minute while the platform is away.
async function listen() {
  let after = 0;
  let wait = 500;
  for (;;) {
    state.events = new AbortController();
    try {
      for await (const event of api.events(after, state.events.signal, () => setLive(true))) {
        wait = 500;
        if (event.kind === "RESUME_REQUIRED") break;
        if (event.id && event.id !== "0") after = event.id;
        received(event);
      }
    } catch (error) {
      if (state.events.signal.aborted || handleSignedOut(error)) return;
    }
    setLive(false);
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 30_000);
  }
}

function setLive(on) {
  $("live-status").dataset.state = on ? "on" : "off";
  $("live-status").textContent = on ? "live" : "offline";
}

function received(event) {
  if (event.kind !== "DIRECT_MESSAGE" || !event.message) return;
  const message = event.message;
  if (message.sender?.userId === state.me.id) {
    // Sent from another of the trainer's devices: shown when it belongs to the open conversation.
    if (state.conversation && message.conversationId === state.conversation) appendMessage(message);
  } else if (message.sender?.userId === state.open) {
    appendMessage(message);
  } else if (message.sender?.userId) {
    state.unread.set(message.sender.userId, (state.unread.get(message.sender.userId) || 0) + 1);
    showUnread(message.sender.userId);
  }
}

// MARK: Helpers

// An expired session that cannot be refreshed: back to signing in.
function handleSignedOut(error) {
  if (!(error instanceof ApiError) || error.httpStatus !== 401) return false;
  state.events?.abort();
  api.keep(null);
  showSignIn("Your session has ended; sign in again.");
  return true;
}

function debounce(action, milliseconds) {
  let timer;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(action, milliseconds);
  };
}

start();
