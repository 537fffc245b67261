import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";

export function HeaderSearch() {
  const [query, setQuery] = useState("");
  const navigate = useNavigate();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const params = new URLSearchParams();
    if (query.trim()) params.set("search", query.trim());
    navigate(`/models${params.size ? `?${params}` : ""}`);
  }
  return (
    <form className="header-search" role="search" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor="header-search-input">
        Search models
      </label>
      <input
        id="header-search-input"
        type="search"
        placeholder="Search models…"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
    </form>
  );
}
