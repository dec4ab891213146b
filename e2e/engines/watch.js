// Loaded first in the app's pages during the cross-engine run (setup.ts): classic WebDriver cannot
// hear a page's console, so the page records its own failures (exceptions, console.error, failed
// loads, fetch answers of 400 and up) in sessionStorage for the test to read at its end.
(function () {
  var KEY = 'engine-watch|errors';
  function record(line) {
    try {
      var list = JSON.parse(sessionStorage.getItem(KEY) || '[]');
      list.push(line);
      sessionStorage.setItem(KEY, JSON.stringify(list));
    } catch {
      // storage unavailable: nothing to keep it in
    }
  }
  // A load the page's leaving cuts off is no failure: WebKit reports the module preloads still in
  // flight as failed loads when the app sends the browser to the identity service.
  var leaving = false;
  window.addEventListener('beforeunload', function () {
    leaving = true;
  });
  window.addEventListener('pagehide', function () {
    leaving = true;
  });
  window.addEventListener('pageshow', function () {
    leaving = false;
  });
  window.addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (target && target !== window && target.tagName) {
        if (leaving) return;
        record('failed to load: <' + target.tagName.toLowerCase() + '> ' + (target.src || target.href || ''));
      } else {
        record('uncaught: ' + (event.error && event.error.message ? event.error.message : event.message));
      }
    },
    true,
  );
  window.addEventListener('unhandledrejection', function (event) {
    var reason = event.reason;
    record('unhandled rejection: ' + (reason && reason.message ? reason.message : String(reason)));
  });
  var consoleError = console.error;
  console.error = function () {
    var line = Array.prototype.map.call(arguments, String).join(' ');
    // The same cut-off load again: Vite's preload of a page's style sheet rejects when the load
    // ends with the page, and the router logs it (WebKit, a reload while a page's CSS was loading).
    if (!(leaving && /Unable to preload CSS/.test(line))) record('console.error: ' + line);
    return consoleError.apply(console, arguments);
  };
  var fetch = window.fetch;
  window.fetch = function (input, init) {
    var method = (init && init.method) || (input && input.method) || 'GET';
    return fetch.apply(window, arguments).then(function (response) {
      if (response.status >= 400) record('HTTP ' + response.status + ' ' + method.toUpperCase() + ' ' + response.url);
      return response;
    });
  };
})();
