/**
 * The scripts of the built-in sign-in page's WebAuthn form: the vendored `@simplewebauthn/browser` bundle and this
 * small driver. Both are inlined and allowed by their CSP hashes (no CDN, no `'unsafe-inline'`); the page imports
 * this module only when it shows a WebAuthn form, so other pages never load it.
 *
 * The driver reads everything from the form's `data-` attributes — the options URL, whether to offer autofill, the
 * messages — so its text, and with it its hash, never changes.
 *
 * Flow (as Auth.js's `webauthn-client.js`, on the `@simplewebauthn/browser` v10+ API, with one change): the sign-in
 * button fetches `webauthn-options` with the form's fields and no action — signed out that is always an authentication
 * with discoverable credentials (RT-06) — runs the ceremony, and posts `action` and `data` (the JSON response) with
 * the form, whose CSRF token and callback URL travel along. The "create a passkey" button asks for `action=register`
 * and posts the registration itself (`X-Auth-Return-Redirect`): signed out, the answer is the check-your-email page of
 * the link sent to the typed address (RT-01), which the form says in place; any other URL is followed, and an answer
 * without one (a rate-limit 429, a 400) is a failure said in place ("try again in N s" for a 429). With
 * conditional UI, an authentication is started at load with `useBrowserAutofill`, so the browser offers passkeys in
 * the field marked `autocomplete="… webauthn"`.
 */
import { simpleWebAuthnBrowserBundle } from "./browser-bundle.js"

const driver = `(function () {
  "use strict";
  var browser = globalThis.SimpleWebAuthnBrowser;
  var forms = document.querySelectorAll("form[data-webauthn-options]");

  function fields(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[data-form-field]"));
  }

  async function fetchOptions(form, action) {
    var url = new URL(form.getAttribute("data-webauthn-options"));
    if (action) url.searchParams.set("action", action);
    fields(form).forEach(function (field) {
      if (field.value) url.searchParams.append(field.name, field.value);
    });
    var response = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
    if (!response.ok) {
      var refusal = await response.json().catch(function () { return null; });
      var error = new Error("webauthn-options answered " + response.status);
      if (refusal && refusal.code === "SignInFirst") error.userMessage = form.getAttribute("data-webauthn-sign-in-first");
      else error.userMessage = tooMany(form, response, refusal);
      throw error;
    }
    return response.json();
  }

  // A 429 answer ({ error: "TooManyRequests", retryAfter }): "try again in N s", else nothing (the generic message).
  function tooMany(form, response, answer) {
    var text = form.getAttribute("data-webauthn-too-many");
    if (response.status !== 429 || !text || !answer || typeof answer.retryAfter !== "number") return undefined;
    return text.replace("{seconds}", String(answer.retryAfter));
  }

  function fill(form, action, data) {
    [["action", action], ["data", JSON.stringify(data)]].forEach(function (pair) {
      var input = form.querySelector('input[type="hidden"][name="' + pair[0] + '"]');
      if (!input) {
        input = document.createElement("input");
        input.type = "hidden";
        input.name = pair[0];
        form.appendChild(input);
      }
      input.value = pair[1];
    });
  }

  function say(form, selector, text) {
    ["[data-webauthn-status]", "[data-webauthn-notice]"].forEach(function (each) {
      var line = form.querySelector(each);
      if (!line) return;
      line.textContent = each === selector ? text || "" : "";
      line.hidden = each !== selector;
    });
  }

  function failed(form, error) {
    if (error && error.name === "AbortError") return;
    say(form, "[data-webauthn-status]", (error && error.userMessage) || form.getAttribute("data-webauthn-error"));
    console.warn("WebAuthn:", error);
  }

  async function signIn(form, result, autofill) {
    if (result.action === "register") {
      fill(form, "register", await browser.startRegistration({ optionsJSON: result.options }));
    } else {
      fill(form, "authenticate", await browser.startAuthentication({ optionsJSON: result.options, useBrowserAutofill: autofill }));
    }
    HTMLFormElement.prototype.submit.call(form);
  }

  async function register(form) {
    var result = await fetchOptions(form, "register");
    fill(form, "register", await browser.startRegistration({ optionsJSON: result.options }));
    // Not form.action: the hidden input named "action" shadows it.
    var response = await fetch(form.getAttribute("action"), {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-Auth-Return-Redirect": "1" },
      body: new URLSearchParams(new FormData(form)),
    });
    var answer = await response.json().catch(function () { return null; });
    // Only a redirect answers { url }. A refusal (429 for too many e-mails to the address or attempts, 400) has none:
    // it is said in place, never followed (new URL(undefined, …) was "<base>/undefined").
    if (!answer || typeof answer.url !== "string") {
      var error = new Error("the callback answered " + response.status + " without a URL");
      error.userMessage = tooMany(form, response, answer);
      throw error;
    }
    var url = new URL(answer.url, location.href);
    // The check-your-email page of an e-mail sign-in (Auth.js: ?provider=…&type=email): the passkey waits for the link.
    var pending = url.searchParams.get("type") === "email" && url.searchParams.has("provider") && !url.searchParams.has("error");
    if (pending) say(form, "[data-webauthn-notice]", form.getAttribute("data-webauthn-check-email"));
    else location.assign(url.href);
  }

  Array.prototype.forEach.call(forms, function (form) {
    if (!browser || !browser.browserSupportsWebAuthn()) {
      form.hidden = true;
      return;
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var creating = event.submitter && event.submitter.hasAttribute("data-webauthn-register");
      say(form, null, "");
      (creating ? register(form) : fetchOptions(form).then(function (result) {
        return signIn(form, result, false);
      })).catch(function (error) {
        failed(form, error);
      });
    });
    if (form.getAttribute("data-conditional-ui") === "true") {
      browser.browserSupportsWebAuthnAutofill().then(function (supported) {
        if (!supported) return;
        return fetchOptions(form, "authenticate").then(function (result) {
          return signIn(form, result, true);
        });
      }).catch(function (error) {
        // Autofill is an offer, not a request: a failure here is logged, not shown.
        if (!error || error.name !== "AbortError") console.warn("WebAuthn autofill:", error);
      });
    }
  });
})();`

/** The two inline scripts, in order: the library, then the driver. */
export const webAuthnPageScripts: readonly string[] = [simpleWebAuthnBrowserBundle, driver]
