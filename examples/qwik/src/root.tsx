import { component$ } from "@builder.io/qwik"
import { QwikCityProvider, RouterOutlet } from "@builder.io/qwik-city"

export default component$(() => (
  <QwikCityProvider>
    <head>
      <meta charset="utf-8" />
      <title>Gatehouse on Qwik City</title>
      <link rel="icon" href="data:," />
      <style>{"body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; } header { display: flex; gap: 1rem; align-items: center; } form { display: flex; flex-direction: column; gap: 0.5rem; max-width: 20rem; } header form { flex-direction: row; align-items: center; }"}</style>
    </head>
    <body>
      <RouterOutlet />
    </body>
  </QwikCityProvider>
))
