// Starts the app's JavaScript (the built entry modules, named by the build on this tag).
// A page the server has drawn is readable already, so its code waits for the page's text and images to load first;
// an empty page (drawn in the browser) starts it at once.
(function () {
  var tag = document.currentScript;
  function start() {
    var entries = tag.getAttribute('data-entry').split(' ');
    for (var i = 0; i < entries.length; i++) {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entries[i];
      document.head.appendChild(script);
    }
  }
  var root = document.getElementById('root');
  if (root && root.firstElementChild && document.readyState !== 'complete') {
    window.addEventListener('load', start, { once: true });
  } else {
    start();
  }
})();
