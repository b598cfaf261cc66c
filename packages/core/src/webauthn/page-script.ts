/**
 * The scripts of the built-in sign-in page's WebAuthn form: the vendored `@simplewebauthn/browser` bundle and this
 * small driver. Both are inlined and allowed by their CSP hashes (no CDN, no `'unsafe-inline'`); the page imports
 * this module only when it shows a WebAuthn form, so other pages never load it.
 *
 * The driver reads everything from the form's `data-` attributes — the options URL, whether to offer autofill, the
 * failure message — so its text, and with it its hash, never changes.
 *
 * Flow (as Auth.js's `webauthn-client.js`, on the `@simplewebauthn/browser` v10+ API): on submit, fetch
 * `webauthn-options` with the form's fields and no action; the server answers `register` (a new user) or `authenticate`;
 * run the ceremony; post `action` and `data` (the JSON response) with the form, whose CSRF token and callback URL
 * travel along. With conditional UI, an authentication is started at load with `useBrowserAutofill`, so the browser
 * offers passkeys in the field marked `autocomplete="… webauthn"`.
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
    if (!response.ok) throw new Error("webauthn-options answered " + response.status);
    return response.json();
  }

  function submit(form, action, data) {
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
    HTMLFormElement.prototype.submit.call(form);
  }

  function failed(form, error) {
    if (error && error.name === "AbortError") return;
    var status = form.querySelector("[data-webauthn-status]");
    if (status) {
      status.textContent = form.getAttribute("data-webauthn-error") || "";
      status.hidden = false;
    }
    console.warn("WebAuthn:", error);
  }

  async function ceremony(form, result, autofill) {
    if (result.action === "register") {
      submit(form, "register", await browser.startRegistration({ optionsJSON: result.options }));
    } else {
      submit(form, "authenticate", await browser.startAuthentication({ optionsJSON: result.options, useBrowserAutofill: autofill }));
    }
  }

  Array.prototype.forEach.call(forms, function (form) {
    if (!browser || !browser.browserSupportsWebAuthn()) {
      form.hidden = true;
      return;
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      fetchOptions(form).then(function (result) {
        return ceremony(form, result, false);
      }).catch(function (error) {
        failed(form, error);
      });
    });
    if (form.getAttribute("data-conditional-ui") === "true") {
      browser.browserSupportsWebAuthnAutofill().then(function (supported) {
        if (!supported) return;
        return fetchOptions(form, "authenticate").then(function (result) {
          return ceremony(form, result, true);
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
